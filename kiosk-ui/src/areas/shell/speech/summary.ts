import { digitByDigit } from '@kiosk/shared-types';
import { markPrivate } from './private-stretches';
import type { Translate } from './describe';

/**
 * What the keypad's speech keys say (docs/accessibility.md, "Speech keys"): the costs the side
 * panel shows, and a summary of the rental so far. Built from plain facts (rentalFacts gathers
 * them from the stores), in the visitor's language; money comes formatted as the screen shows it.
 * The gate code and, once rented, the unit's door number are private (markPrivate).
 */
export interface RentalFacts {
  /** "10x10 Medium, Climate controlled" as the side panel shows it. */
  unit?: string;
  /** The door number of the held or rented space. */
  door?: string;
  monthlyRent?: string;
  /** The move-in total (the side panel's last line). */
  total?: string;
  /** The chosen plan's name and premium, when one is chosen. */
  insurance?: { name: string; premium: string };
  /** The lock added, with its price. */
  lock?: { name: string; price: string };
  /** Discount lines of the move-in cost ("Senior discount -$10.00"). */
  discounts?: string[];
  /** The rental went through: the gate code, when the facility shows it. */
  gatecode?: string;
  confirmed?: boolean;
}

const sentence = (part: string): string => (/[.!?:…]$/.test(part) ? part : `${part}.`);

/** "Monthly rent $95.00. Total cost to move in $128.40." — the side panel's figures, or that none is known yet. */
export function costsText(facts: RentalFacts, t: Translate): string {
  const parts = [
    facts.monthlyRent ? t('speech.summary.monthly_rent', { amount: facts.monthlyRent }) : '',
    facts.total ? t('speech.summary.total', { amount: facts.total }) : '',
  ].filter(Boolean);
  return parts.length > 0 ? parts.map(sentence).join(' ') : t('speech.summary.no_costs');
}

/** The gate code, digit by digit, with the unit: said on the confirmation and again on request. */
export function gatecodeText(facts: RentalFacts, t: Translate): string {
  if (!facts.gatecode) return '';
  return t('speech.summary.gatecode', {
    door: markPrivate(facts.door ?? ''),
    code: markPrivate(digitByDigit(facts.gatecode)),
  });
}

/** The rental so far: the unit, its price, the choices made, the total; once confirmed, the gate code first. */
export function summaryText(facts: RentalFacts, t: Translate): string {
  if (!facts.unit && !facts.door) return t('speech.summary.nothing_yet');
  // A held space's door is on the unit list for all to see; a rented one's is the tenant's.
  const door = (text: string) => (facts.confirmed ? markPrivate(text) : text);
  const parts = [
    facts.confirmed ? gatecodeText(facts, t) : '',
    t('speech.summary.unit', {
      unit: [facts.unit, facts.door ? door(`#${facts.door}`) : ''].filter(Boolean).join(', '),
    }),
    facts.insurance ? t('speech.summary.insurance', facts.insurance) : '',
    facts.lock ? t('speech.summary.lock', facts.lock) : '',
    ...(facts.discounts ?? []),
    facts.confirmed ? '' : costsText(facts, t),
  ];
  return parts
    .filter(Boolean)
    .map((part) => sentence(part))
    .join(' ');
}
