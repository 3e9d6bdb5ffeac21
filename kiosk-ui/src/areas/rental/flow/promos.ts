import type { Promo, PromoType } from '@kiosk/shared-types';

export type PromoLike = Pick<Promo, 'promo_id' | 'promo_type'>;

/**
 * The promos the discounts section offers. The spec says discounts come back "if non-default
 * promos exist"; rental and military promos are not choices on that screen, so only these count.
 */
export const DISCOUNT_PROMO_TYPES = ['senior', 'student'] as const satisfies readonly PromoType[];
export type DiscountChoice = (typeof DISCOUNT_PROMO_TYPES)[number] | 'none';

export function promoIdOfType(promos: readonly PromoLike[], type: PromoType): string | null {
  return promos.find((promo) => promo.promo_type === type)?.promo_id ?? null;
}

export function hasDiscountPromos(promos: readonly PromoLike[]): boolean {
  return promos.some((promo) => (DISCOUNT_PROMO_TYPES as readonly string[]).includes(promo.promo_type));
}

/** Radio choices on the discounts screen: Senior and Student only when such a promo exists, then None. */
export function discountOptions(promos: readonly PromoLike[]): DiscountChoice[] {
  return [...DISCOUNT_PROMO_TYPES.filter((type) => promoIdOfType(promos, type) !== null), 'none'];
}

export interface DiscountSelection {
  senior: boolean;
  student: boolean;
  /** Promo to select and recalculate the cost with; null clears the selection. */
  promoId: string | null;
}

/**
 * Choosing senior or student sets that flag (they exclude each other) and selects that promo;
 * None goes back to the unit's default promo, if it has one.
 */
export function chooseDiscount(choice: DiscountChoice, promos: readonly PromoLike[]): DiscountSelection {
  if (choice === 'none') return { senior: false, student: false, promoId: promoIdOfType(promos, 'default') };
  return { senior: choice === 'senior', student: choice === 'student', promoId: promoIdOfType(promos, choice) };
}
