import { describe, expect, it } from 'vitest';
import {
  hasPrivate,
  markFigures,
  markPrivate,
  privateVersions,
  showsTenantAccount,
  speakableText,
  volumeLevelsDb,
} from './speech.js';

describe('speakableText', () => {
  it('says a card number as its last four digits only, in the language spoken', () => {
    expect(speakableText('Card number 4111 1111 1111 1111, Visa', 'en')).toBe(
      'Card number card ending in 1 1 1 1, Visa',
    );
    expect(speakableText('Tarjeta 3782-822463-10005', 'es')).toBe('Tarjeta tarjeta terminada en 0 0 0 5');
  });

  it('leaves zip codes, phone numbers, gate codes and amounts as they are', () => {
    const text = 'Zip 02139, phone (617) 555-0100, gate code 4821, total $1,234.56';
    expect(speakableText(text, 'en')).toBe(text);
  });
});

describe('speakableText, SSNs', () => {
  it('never reads an SSN, in either language', () => {
    expect(speakableText('Social Security Number, edit text, 123-45-6789', 'en')).toBe(
      'Social Security Number, edit text, a Social Security number',
    );
    expect(speakableText('Número 123 45 6789.', 'es')).toBe('Número un número de Seguro Social.');
    expect(speakableText('Call (217) 555-0142, code 4 8 2 7', 'en')).toBe('Call (217) 555-0142, code 4 8 2 7');
  });
});

describe('volume levels', () => {
  it('are 5 levels 6 dB apart under the maximum: 24 dB in all, one 12 dB above the quietest', () => {
    expect(volumeLevelsDb(0)).toEqual([-24, -18, -12, -6, 0]);
    expect(volumeLevelsDb(-6)).toEqual([-30, -24, -18, -12, -6]);
    const levels = volumeLevelsDb(0);
    expect(levels.at(-1)! - levels[0]!).toBeGreaterThanOrEqual(18);
    expect(levels).toContain(levels[0]! + 12);
  });
});

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
