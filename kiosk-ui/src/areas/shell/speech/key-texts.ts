import { i18next } from '../../../i18n/setup';
import type { RootStore } from '../../../stores/RootStore';
import type { Translate } from './describe';
import { rentalFacts } from './rental-facts';
import { costsText, gatecodeText, summaryText, type RentalFacts } from './summary';

/**
 * The answers of the keypad's speech keys and the amount said before a payment, from the stores
 * as they are now (loaded with the announcer, when a visitor turns audio on).
 */
const translate: Translate = (key, options) => (i18next.t as unknown as Translate)(key, options);

function factsOf(root: RootStore): RentalFacts {
  // The rental stores arrive with the rental screens: before them, nothing is chosen.
  if (root.ifLoaded('rental') === undefined || root.ifLoaded('checkout') === undefined) return {};
  return rentalFacts(root, translate);
}

/** The summary key: the rental so far (once confirmed, the unit and gate code first). */
export function summaryFor(root: RootStore): string {
  return summaryText(factsOf(root), translate);
}

/** The price key: the side panel's rent and total; once the rental is confirmed, the unit and its gate code. */
export function priceFor(root: RootStore): string {
  const facts = factsOf(root);
  return (facts.confirmed && gatecodeText(facts, translate)) || costsText(facts, translate);
}

/** Said on arriving at a payment screen: the amount to be charged, and the monthly rent. */
export function payAmountText(root: RootStore): string | undefined {
  const facts = factsOf(root);
  if (!facts.total) return undefined;
  const rent = facts.monthlyRent ? ` ${translate('speech.summary.monthly_rent', { amount: facts.monthlyRent })}.` : '';
  return `${translate('speech.summary.pay_amount', { amount: facts.total })}.${rent}`;
}

/** Said with the confirmation: which key says the gate code again. */
export function confirmationHint(root: RootStore): string | undefined {
  return factsOf(root).gatecode ? translate('speech.summary.gatecode_again') : undefined;
}
