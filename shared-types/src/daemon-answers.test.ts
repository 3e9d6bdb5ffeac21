import { describe, expect, it } from 'vitest';
import { isDisplaySettings, isKioskFacility, isOutboxAccepted, isOutboxJobOutcome } from './daemon-answers.js';

describe("reading the daemon's own answers", () => {
  it('takes the display settings with a reach zone, nothing else', () => {
    expect(isDisplaySettings({ reach_zone_percent: 60 })).toBe(true);
    expect(isDisplaySettings({ reach_zone_percent: '60' })).toBe(false);
    expect(isDisplaySettings({})).toBe(false);
  });

  it("takes the kiosk's facility with its name and phone, or null for either before it was fetched", () => {
    expect(isKioskFacility({ facility_id: 'demo', name: 'Demo Self Storage', phone: '(217) 555-0182' })).toBe(true);
    expect(isKioskFacility({ facility_id: 'demo', name: null, phone: null })).toBe(true);
    expect(isKioskFacility({ facility_id: 'demo' })).toBe(false);
    expect(isKioskFacility({ facility_id: 7, name: null, phone: null })).toBe(false);
  });

  it("takes the outbox's acceptance with a key per call, and a job's progress in its known states", () => {
    expect(isOutboxAccepted({ batch: 'b-1', keys: { text: 'k-1', mail: 'k-2' } })).toBe(true);
    expect(isOutboxAccepted({ batch: 'b-1', keys: { text: 1 } })).toBe(false);
    expect(isOutboxAccepted({ batch: 'b-1' })).toBe(false);
    expect(isOutboxJobOutcome({ key: 'k-1', state: 'refused', attempts: 1, message: 'No such tenant.' })).toBe(true);
    expect(isOutboxJobOutcome({ key: 'k-1', state: 'pending', attempts: 0, message: null })).toBe(true);
    expect(isOutboxJobOutcome({ key: 'k-1', state: 'lost', attempts: 0, message: null })).toBe(false);
    expect(isOutboxJobOutcome({ key: 'k-1', state: 'delivered', attempts: 1 })).toBe(false);
  });
});
