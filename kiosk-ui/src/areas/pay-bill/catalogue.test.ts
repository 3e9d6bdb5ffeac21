import type { ParseKeys } from 'i18next';
import { describe, expect, it } from 'vitest';
import { en } from '../../i18n/en';
import { periodChoices } from './balance';
import { UNIT_STATUS_KEYS, type UnitStatusKey } from './status-messages';

/** Compile-time: every key type the Pay My Bill logic returns is a key t() accepts. */
type ValidKeys<K extends ParseKeys> = K;
export type PayBillKeysCompile = ValidKeys<UnitStatusKey | ReturnType<typeof periodChoices>[number]['labelKey']>;

function text(key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], en);
}

describe('Pay My Bill texts', () => {
  it('has the exact status message for every operation and outcome', () => {
    const messages = Object.values(UNIT_STATUS_KEYS).flatMap((k) => [text(k.success), text(k.error)]);
    expect(messages).toEqual([
      'Autopay Cancelled',
      'Autopay Cancel failed',
      'Card Update Successful',
      'Card Update Failed',
      'Autopay Enroll Successful',
      'Autopay Enroll Failed',
      'Payment Success',
      'Payment Failed',
    ]);
  });

  it('labels every pay-through choice', () => {
    for (const choice of periodChoices(true)) {
      if (choice.labelKey === 'pay_bill.period.months') {
        expect(text(`${choice.labelKey}_one`)).toBeTypeOf('string');
        expect(text(`${choice.labelKey}_other`)).toBeTypeOf('string');
      } else {
        expect(text(choice.labelKey)).toBe('Pay Balance Due');
      }
    }
  });
});
