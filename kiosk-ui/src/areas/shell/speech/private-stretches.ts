import { KIOSK_SECTIONS, PRIVATE_CLOSE, PRIVATE_OPEN, type KioskArea } from '@kiosk/shared-types';

/**
 * Which stretches of an utterance are private (docs/accessibility.md, "Private listening"): said
 * through headphones, or through the kiosk's speaker only once the visitor asks. The UI marks
 * them (what the page marks `data-private` or `data-speak-digits`, private fields' values by
 * `isPrivateToSpeak`, every figure on a tenant's screens) and sends each utterance whole and, as
 * its `withheld` text, with a word in their place (SpeechStore, AudioControls). Loaded with the
 * announcer: the first screen marks nothing.
 */

/** Marks text as private, whole (marks inside it go: stretches never nest); nothing to mark: as it is. */
export function markPrivate(text: string): string {
  return text.trim() === '' ? text : `${PRIVATE_OPEN}${text.replace(/[\uE003\uE004]/g, '')}${PRIVATE_CLOSE}`;
}

const PRIVATE_STRETCH = /\uE003([^\uE003\uE004]*)\uE004/g;

/**
 * The utterance as said through private listening (`whole`: marks removed) and through the
 * speaker (`withheld`: each private stretch replaced by `word`, runs of them by one).
 */
export function privateVersions(text: string, word: string): { whole: string; withheld: string } {
  const whole = text.replace(/[\uE003\uE004]/g, '');
  const withheld = text
    .replace(PRIVATE_STRETCH, '\uE005')
    .replace(/\uE005(?:[\s,]*\uE005)+/g, '\uE005')
    .replace(/[\uE003\uE004]/g, '')
    .replaceAll('\uE005', word);
  return { whole, withheld };
}

/** An amount of money, or a word holding a digit (a unit number, a date, a card's last four). */
const FIGURE = /-?\$\s?[\d,]+(?:\.\d+)?|[^\s,;:()\uE000-\uE004]*\d[^\s,;:()\uE000-\uE004]*/g;

/**
 * On a signed-in tenant's screens every figure is private (balances, amounts, unit numbers,
 * dates, card digits): marked, except what is marked already.
 */
export function markFigures(text: string): string {
  return text
    .split(/(\uE003[^\uE004]*\uE004)/)
    .map((piece) =>
      piece.startsWith(PRIVATE_OPEN)
        ? piece
        : // A sentence's full stop stays outside the figure.
          piece.replace(FIGURE, (figure) => {
            const [, body, stop] = /^(.*?)([.!?]*)$/.exec(figure)!;
            return `${markPrivate(body!)}${stop}`;
          }),
    )
    .join('');
}

/** The areas whose screens show a signed-in tenant's account (their figures are private). */
export const TENANT_AREAS: readonly KioskArea[] = ['pay-bill', 'my-storage'];

/** Whether a section's screen shows a tenant's account (KIOSK_SECTIONS, TENANT_AREAS). */
export function showsTenantAccount(section: string): boolean {
  const entry = KIOSK_SECTIONS.find((candidate) => candidate.name === section);
  return entry !== undefined && TENANT_AREAS.includes(entry.area);
}
