/**
 * Business constants from the two specs (§9 of each). The product reads them from here only;
 * tests speed time up through configuration (KIOSK_TIME_SCALE), never by editing these.
 */
export const SESSION = {
  /** Session expiry countdown: 3 minutes. */
  expirySeconds: 180,
  /** The idle warning shows when this many seconds remain. */
  warningAtSecondsLeft: 30,
  /** Without an answer, the session is destroyed this long after the warning. */
  resetAfterWarningSeconds: 60,
  /** Home-page inactivity reload. */
  homeReloadMs: 1_800_000,
} as const;

export const HOLD = {
  /** Unit-hold cookie kiosk_spaces lasts 15 minutes; the daemon keeps the same bound. */
  lifetimeMs: 15 * 60 * 1000,
  cookieName: 'kiosk_spaces',
  /** Delay before rent_this_space when the space was picked from search. */
  searchPickDelayMs: 1500,
} as const;

export const IDENTITY = {
  pollIntervalMs: 3000,
  /** Identity-provider token kept 15 minutes. */
  tokenLifetimeMs: 900_000,
  otpResendSeconds: 60,
  /** Confidence is 10 times the rounded overall score (a 0-10 score becomes 0-100). */
  confidenceMultiplier: 10,
  /** Ours (the spec names no threshold): verified when the confidence is at least this. docs/sandbox.md. */
  confidencePassAt: 70,
  /**
   * Ours (the spec names no bound): how many times, one poll interval apart, the dossier is read
   * for the verification service's 'received' before the attempt counts as failed (30 s).
   */
  receivedChecks: 10,
} as const;

export const CARD_READER = {
  connectionType: 4,
  waitTime: 45,
  /**
   * Ours (WCAG 2.2.1, docs/accessibility.md "Time limits"): the card wait warns, on screen and by
   * sound, this many seconds before it gives up, and "More time" gives the whole wait again.
   */
  warningAtSecondsLeft: 30,
  defaultUrl: 'http://127.0.0.1:9002',
  /** Swipe expiry year prefix. */
  swipeYearPrefix: '20',
} as const;

export const CARD = {
  amexPrefixes: ['34', '37'],
  numberLength: 16,
  amexNumberLength: 15,
  cvvLength: 3,
  amexCvvLength: 4,
  expiryYearsAhead: 20,
} as const;

export const LIMITS = {
  nameMaxLength: 45,
  nameOnCardMaxLength: 100,
  zipLength: 5,
  /** A state lookup starts above this many zip characters. */
  zipLookupAfter: 4,
  phoneDigits: 10,
  passwordMinLength: 6,
  maskedPhoneLength: 14,
} as const;

export const MASKS = {
  phone: '(000) 000-0000',
  ssn: '000-00-0000',
  card: '0000 0000 0000 0000',
  amexCard: '0000 000000 00000',
} as const;

export const BILLING = {
  minimumLoadingMs: 2000,
  periods: [0, 1, 2, 3, 4, 5, 6] as const,
  defaultPeriod: 1,
  scrollToCardFormMs: 5000,
} as const;

export const TRIVIA = { questions: 15, options: 3 } as const;

export const SCREEN = {
  bigScreenWidth: 1920,
  bigScreenHeight: 1080,
  mapHeightOffset: 50,
  sliderItemWidth: 285,
  mediaSpinnerMs: 1000,
  mapThumbnail: { width: 283, height: 91 },
  videoEmbed: { width: 594, height: 335 },
} as const;

/** Insurance plan id -2 means "I have my own insurance". */
export const OWN_INSURANCE_PLAN_ID = -2;

/** Card failure codes that send the visitor back to card entry. */
export const CARD_FAILURE_CODES = [
  'CardInvalid',
  'TenantPaymentFailed',
  'CardProcessingError',
  'CardDeclined',
  'CardDeclinedNSF',
] as const;
export type CardFailureCode = (typeof CARD_FAILURE_CODES)[number];

export const DATE_FORMAT = 'MM/DD/YYYY';

/**
 * The welcome screen's texts when the configuration has none (shell spec §2 "home"). The UI's
 * catalogue and the daemon's first paint of the welcome (before the UI's scripts run) both read
 * them here, so the two can never show different words.
 */
export const WELCOME_DEFAULTS = {
  headline: 'WELCOME',
  subheadline: 'Get started by selecting one of the options to the left',
  /** The same on a portrait screen, whose menu is a bar above the screen (docs/screens.md). */
  subheadline_above: 'Get started by selecting one of the options above',
} as const;

/**
 * The mark a demo kiosk (the daemon's KIOSK_SANDBOX=on) wears on every screen: its English text,
 * shared by the UI's catalogue and the daemon's first paint.
 */
export const DEMO_MARK_TEXT = 'DEMO — no real rentals or payments';

/**
 * The meta element (`<meta name="kiosk-sandbox" content="on">`) the daemon puts in a demo kiosk's
 * pages, so the UI wears the DEMO mark from its first render, before the events channel's hello.
 */
export const SANDBOX_PAGE_META = 'kiosk-sandbox';

/** The id of the daemon's first paint of the welcome screen, which the UI removes once it has painted. */
export const FIRST_PAINT_ELEMENT_ID = 'kiosk-first-paint';

/**
 * The attribute of the first paint's root naming the sidebar item a visitor tapped before the UI
 * was up (the daemon's tap script sets it; the UI taps that item of its own sidebar).
 */
export const FIRST_PAINT_TAP_ATTRIBUTE = 'data-tapped-section';

/**
 * Configured colour names that become CSS variables (`--kiosk-<name>`), on the page (the UI) and
 * in the welcome's first paint (the daemon): limited to characters valid in a custom property.
 */
export const KIOSK_COLOR_NAME = /^[A-Za-z0-9_-]{1,64}$/;

export function kioskColorVariable(name: string): string {
  return `--kiosk-${name}`;
}
