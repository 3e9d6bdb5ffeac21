import { describe, expect, it } from 'vitest';
import { speakableText } from './speech.js';

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
