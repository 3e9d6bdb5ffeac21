import { describe, expect, it } from 'vitest';
import { en } from '../en';
import type { MessageTree } from '../types';
import { es } from '.';

/**
 * Texts that read the same in both languages: names, letters and numbers. A text made only of
 * placeholders, digits and punctuation is the same in any language and needs no entry here.
 */
const SAME_IN_SPANISH = new Set([
  'pay_bill.card_form.cvv',
  'rental.card.cvv',
  'pay_bill.unit.size', // feet and inch marks around the two numbers
  'browse.size_guide.short.extra_small',
  'browse.size_guide.short.small',
  'browse.size_guide.short.medium',
  'browse.size_guide.short.large',
  'browse.size_guide.short.extra_large',
  'rental.fields.no',
  'browse.media.types.video',
  'trivia.title',
  'trivia.questions.q03.a', // Venus
  'shell.preferences.audio.label', // the same word in Spanish
  'shell.preferences.audio.spanish_available_es', // Spanish in both: said to an English visitor in Spanish
  'merchandise.basket.line', // a quantity, a times sign and the operator's item name
  'merchandise.basket.subtotal', // the same word in Spanish
  'merchandise.basket.total',
  'merchandise.card_form.total',
  'payment.receipt.aid', // the EMV application identifier, named so on every receipt
  'payment.receipt.terminal_id', // the same word in Spanish
  'payment.receipt.entry_modes.chip',
]);

const LANGUAGE_FREE = /^[\d\s.,:/()'"$%+\-–—…]*$/;

/** Every text of a catalogue as [dotted key, text]. */
function texts(tree: MessageTree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]): [string, string][] => {
    const path = prefix ? `${prefix}.${key}` : key;
    return typeof value === 'string' ? [[path, value]] : texts(value, path);
  });
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1]).sort();

const english = new Map(texts(en as unknown as MessageTree));
const spanish = new Map(texts(es as unknown as MessageTree));

describe('the Spanish catalogue', () => {
  it('has every key of the English one, and no other', () => {
    expect([...english.keys()].filter((key) => !spanish.has(key))).toEqual([]);
    expect([...spanish.keys()].filter((key) => !english.has(key))).toEqual([]);
  });

  it('translates every text (names and numbers aside)', () => {
    const untranslated = [...english].filter(
      ([key, text]) =>
        spanish.get(key) === text &&
        !SAME_IN_SPANISH.has(key) &&
        !LANGUAGE_FREE.test(text.replace(/\{\{\s*\w+\s*\}\}/g, '')),
    );
    expect(untranslated).toEqual([]);
  });

  it('keeps every placeholder of the English text, so no value goes missing', () => {
    const mismatched = [...english]
      .filter(([key, text]) => placeholders(text).join() !== placeholders(spanish.get(key) ?? '').join())
      .map(([key]) => key);
    expect(mismatched).toEqual([]);
  });

  it('has no text left empty', () => {
    expect([...spanish].filter(([, text]) => text.trim() === '').map(([key]) => key)).toEqual([]);
  });
});
