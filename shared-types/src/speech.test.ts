import { describe, expect, it } from 'vitest';
import { speakableText, volumeLevelsDb } from './speech.js';

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
