import { describe, expect, it } from 'vitest';
import { parseClientEvent } from './events.js';
import { sectionCode } from './fleet.js';

describe('fleet events from the UI', () => {
  it('accepts heartbeats with a section code, page errors by known kind, and known journey outcomes', () => {
    expect(parseClientEvent('{"type":"heartbeat","section":"rent_this_space"}')).toEqual({
      type: 'heartbeat',
      section: 'rent_this_space',
    });
    expect(parseClientEvent('{"type":"ui-error","kind":"render","message":"boom"}')).toMatchObject({ kind: 'render' });
    expect(parseClientEvent('{"type":"journey","journey":"rental","outcome":"failed"}')).toMatchObject({
      journey: 'rental',
    });
  });

  it('refuses free text where a code belongs, unknown kinds and outcomes', () => {
    expect(parseClientEvent('{"type":"heartbeat","section":"Jane Doe"}')).toBeUndefined();
    expect(parseClientEvent('{"type":"heartbeat"}')).toBeUndefined();
    expect(parseClientEvent('{"type":"ui-error","kind":"anything"}')).toBeUndefined();
    expect(parseClientEvent('{"type":"ui-error","kind":"error","message":42}')).toBeUndefined();
    expect(parseClientEvent('{"type":"journey","journey":"rental","outcome":"succeeded"}')).toBeUndefined();
    expect(parseClientEvent('{"type":"journey","journey":"toString","outcome":"failed"}')).toBeUndefined();
  });

  it('sectionCode turns any section name into a code', () => {
    expect(sectionCode('pay_bill')).toBe('pay_bill');
    expect(sectionCode('Pay-Bill')).toBe('pay_bill');
    expect(sectionCode('')).toBe('unknown');
    expect(sectionCode('9lives')).toBe('unknown');
  });
});
