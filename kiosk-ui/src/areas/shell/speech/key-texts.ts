import { i18next } from '../../../i18n/setup';
import type { Translate } from './describe';
import { rentalFacts, type RentalStores } from './rental-facts';
import { costsText, gatecodeText, summaryText, type RentalFacts } from './summary';

/**
 * The answers of the keypad's speech keys and the amount said before a payment, from the stores
 * as they are now (loaded with the announcer, when a visitor turns audio on).
 */
const translate: Translate = (key, options) => (i18next.t as unknown as Translate)(key, options);

// The rental stores arrive with the rental screens: before them (undefined), nothing is chosen.
function factsOf(stores: RentalStores | undefined): RentalFacts {
  return stores ? rentalFacts(stores, translate) : {};
}

/** The summary key: the rental so far (once confirmed, the unit and gate code first). */
export function summaryFor(stores: RentalStores | undefined): string {
  return summaryText(factsOf(stores), translate);
}

/** The price key: the side panel's rent and total; once the rental is confirmed, the unit and its gate code. */
export function priceFor(stores: RentalStores | undefined): string {
  const facts = factsOf(stores);
  return (facts.confirmed && gatecodeText(facts, translate)) || costsText(facts, translate);
}

/** Said on arriving at a payment screen: the amount to be charged, and the monthly rent. */
export function payAmountText(stores: RentalStores | undefined): string | undefined {
  const facts = factsOf(stores);
  if (!facts.total) return undefined;
  const rent = facts.monthlyRent ? ` ${translate('speech.summary.monthly_rent', { amount: facts.monthlyRent })}.` : '';
  return `${translate('speech.summary.pay_amount', { amount: facts.total })}.${rent}`;
}

/** Said with the confirmation: which key says the gate code again. */
export function confirmationHint(stores: RentalStores | undefined): string | undefined {
  return factsOf(stores).gatecode ? translate('speech.summary.gatecode_again') : undefined;
}
