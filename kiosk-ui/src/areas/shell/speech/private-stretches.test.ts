import { describe, expect, it } from 'vitest';
import { hasPrivate } from '@kiosk/shared-types';
import { markFigures, markPrivate, privateVersions, showsTenantAccount } from './private-stretches';

describe('private stretches', () => {
  const marked = `Your rental is confirmed! ${markPrivate('Unit A12')}. Gate code ${markPrivate('4 8 2 7')}.`;

  it('give the whole utterance for headphones and a word in their place for the speaker', () => {
    expect(hasPrivate(marked)).toBe(true);
    expect(privateVersions(marked, 'private')).toEqual({
      whole: 'Your rental is confirmed! Unit A12. Gate code 4 8 2 7.',
      withheld: 'Your rental is confirmed! private. Gate code private.',
    });
    // Stretches side by side are one word.
    expect(privateVersions(`Balance ${markPrivate('$10.00')}, ${markPrivate('Unit 7')}`, 'private').withheld).toBe(
      'Balance private',
    );
    expect(hasPrivate('Audio on.')).toBe(false);
    // A private stretch inside another is one stretch: nothing of the outer one shows.
    expect(
      privateVersions(`Done. ${markPrivate(`Unit A12, code ${markPrivate('4 8 2 7')}`)}`, 'private').withheld,
    ).toBe('Done. private');
    expect(markPrivate('  ')).toBe('  ');
  });

  it("on a tenant's screens mark every figure: amounts, unit numbers, dates, a card's last four", () => {
    const text = `Unit A12, balance due $1,234.50, paid through 07/31/2026, card ending in 1 1 1 1. ${markPrivate('Ann Lee')}`;
    expect(privateVersions(markFigures(text), '…').withheld).toBe(
      'Unit …, balance due …, paid through …, card ending in …. …',
    );
    expect(markFigures('Pay my bill, check box, checked')).toBe('Pay my bill, check box, checked');
  });

  it("knows a tenant's screens by their area", () => {
    expect(showsTenantAccount('pay_bill')).toBe(true);
    expect(showsTenantAccount('my_storage_contact')).toBe(true);
    expect(showsTenantAccount('rent')).toBe(false);
    expect(showsTenantAccount('home')).toBe(false);
  });
});
