/**
 * What the kiosk UI tells the daemon about its own health and the visitors' journeys, so support
 * staff see a dead screen or a kiosk that stopped renting. Nothing here carries an amount, a name
 * or any other personal data: only fixed words from the lists below.
 */

/** The UI sends a heartbeat this often while it runs; the daemon counts it as "screen alive". */
export const UI_HEARTBEAT_SECONDS = 15;

/** Uncaught errors in the page, by where they surfaced. */
export const UI_ERROR_KINDS = ['error', 'unhandled-rejection', 'render'] as const;
export type UiErrorKind = (typeof UI_ERROR_KINDS)[number];

/** Each journey and the outcomes it can end with (the counters start at 0 for every pair). */
export const JOURNEY_OUTCOMES = {
  rental: ['completed', 'failed'],
  reservation: ['completed', 'failed'],
  bill_payment: ['succeeded', 'failed'],
  card_swipe: ['read', 'failed'],
  /** A basket of boxes, tape, locks bought at /merchandise: paid, or refused (card, sold out, no answer). */
  merchandise: ['succeeded', 'failed'],
  // MY STORAGE (docs/my-storage.md): the gate code by text, the move-out notice.
  gate_code: ['sent', 'failed'],
  move_out: ['accepted', 'refused', 'failed'],
  /** A tenant's contact details: saved, nothing to change, a field refused by the operator, no answer. */
  contact_details: ['saved', 'unchanged', 'refused', 'failed'],
} as const;
export type Journey = keyof typeof JOURNEY_OUTCOMES;
export type JourneyOutcome<J extends Journey = Journey> = (typeof JOURNEY_OUTCOMES)[J][number];

/**
 * Sections a heartbeat reports when the kiosk serves no visitor: the operator cannot be reached
 * (the out-of-service screen) or says this facility is not configured (the unavailable page). The
 * alert rules (ops/prometheus/kiosk-alerts.yml) match these codes.
 */
export const OUT_OF_SERVICE_SECTIONS = { unreachable: 'out_of_service', notConfigured: 'not_configured' } as const;

/** A section name as the UI reports it: a short lower-case code, never free text. */
export const SECTION_CODE = /^[a-z][a-z0-9_]{0,47}$/;

export function isJourneyOutcome(journey: unknown, outcome: unknown): boolean {
  if (typeof journey !== 'string' || !Object.hasOwn(JOURNEY_OUTCOMES, journey)) return false;
  return (JOURNEY_OUTCOMES[journey as Journey] as readonly string[]).includes(outcome as string);
}

/** Any section name as a section code (unknown characters become '_'), so a heartbeat is never refused. */
export function sectionCode(section: string): string {
  const code = section
    .toLowerCase()
    .replace(/[^a-z0-9_]/g, '_')
    .slice(0, 48);
  return SECTION_CODE.test(code) ? code : 'unknown';
}
