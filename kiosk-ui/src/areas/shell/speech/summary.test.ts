import { describe, expect, it } from 'vitest';
import { i18next } from '../../../i18n';
import type { Translate } from './describe';
import { markPrivate } from './private-stretches';
import { costsText, gatecodeText, summaryText, type RentalFacts } from './summary';

const t = i18next.t as unknown as Translate;

const held: RentalFacts = {
  unit: '10x10 Medium, Climate controlled',
  door: 'A104',
  monthlyRent: '$95.00',
  total: '$128.40',
  insurance: { name: 'Basic Protection', premium: '$12.00' },
  lock: { name: 'Disc lock', price: '$19.99' },
};

describe('what the speech keys say', () => {
  it('the price key: the monthly rent and the move-in total, or that none is known yet', () => {
    expect(costsText(held, t)).toBe('Monthly rent $95.00. Total cost to move in $128.40.');
    expect(costsText({}, t)).toBe('No price yet: choose a space first.');
  });

  it('the summary key: the space, the choices and the costs', () => {
    expect(summaryText(held, t)).toBe(
      'Your space: 10x10 Medium, Climate controlled, #A104. Protection: Basic Protection, $12.00 a month. ' +
        'Lock: Disc lock, $19.99. Monthly rent $95.00. Total cost to move in $128.40.',
    );
    expect(summaryText({}, t)).toBe('No space chosen yet.');
  });

  it('once confirmed, the gate code digit by digit comes first; the code and the door are private', () => {
    const confirmed = { ...held, gatecode: '4827', confirmed: true };
    const gate = `Unit ${markPrivate('A104')}. Your gate code is ${markPrivate('4 8 2 7')}`;
    expect(gatecodeText(confirmed, t)).toBe(gate);
    expect(summaryText(confirmed, t).startsWith(`${gate}. Your space:`)).toBe(true);
    expect(summaryText(confirmed, t)).toContain(markPrivate('#A104'));
  });
});
