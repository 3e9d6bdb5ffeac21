import { describe, expect, it } from 'vitest';
import { chooseDiscount, discountOptions, hasDiscountPromos } from './promos';

const senior = { promo_id: 's', promo_type: 'senior' as const };
const student = { promo_id: 't', promo_type: 'student' as const };
const fallback = { promo_id: 'd', promo_type: 'default' as const };

describe('discount promos', () => {
  it('offers Senior and Student only when such a promo exists, then None', () => {
    expect(discountOptions([senior, student])).toEqual(['senior', 'student', 'none']);
    expect(discountOptions([student])).toEqual(['student', 'none']);
    expect(discountOptions([fallback])).toEqual(['none']);
  });

  it('counts senior and student promos as the ones that bring the section', () => {
    expect(hasDiscountPromos([fallback, senior])).toBe(true);
    expect(hasDiscountPromos([fallback, { promo_id: 'm', promo_type: 'military' }])).toBe(false);
  });

  it('choosing senior or student sets that flag only and selects its promo', () => {
    expect(chooseDiscount('senior', [fallback, senior, student])).toEqual({
      senior: true,
      student: false,
      promoId: 's',
    });
    expect(chooseDiscount('student', [fallback, senior, student])).toEqual({
      senior: false,
      student: true,
      promoId: 't',
    });
  });

  it('None clears both flags and goes back to the default promo', () => {
    expect(chooseDiscount('none', [fallback, senior])).toEqual({ senior: false, student: false, promoId: 'd' });
    expect(chooseDiscount('none', [senior])).toEqual({ senior: false, student: false, promoId: null });
  });
});
