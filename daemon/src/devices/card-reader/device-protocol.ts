import { passesLuhn, type DecryptedCardSwipe } from '@kiosk/shared-types';

/**
 * Reading the card-reader device service's answers and the upstream decrypt answer
 * (protocol in docs/card-reader.md). Pure functions: they never log, because their input holds
 * card data.
 */

export type SwipeAnswer =
  | { kind: 'card'; cardData: string }
  | { kind: 'no-card' }
  | { kind: 'device-error'; message: string }
  | { kind: 'garbage'; message: string };

/** Encrypted swipes are a few hundred bytes; anything far larger is not a swipe. */
const MAX_CARD_DATA_LENGTH = 16 * 1024;

function parseJsonObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** The answer to POST RequestCardSwipe. */
export function readSwipeAnswer(statusCode: number, text: string): SwipeAnswer {
  if (statusCode !== 200) return { kind: 'device-error', message: `RequestCardSwipe answered HTTP ${statusCode}` };
  const body = parseJsonObject(text);
  if (body === undefined)
    return { kind: 'garbage', message: 'RequestCardSwipe answered something that is not a JSON object' };
  if (body.Status === 'Timeout') return { kind: 'no-card' };
  if (body.Status === 'OK') {
    const cardData = body.CardData;
    if (typeof cardData === 'string' && cardData.length > 0 && cardData.length <= MAX_CARD_DATA_LENGTH) {
      return { kind: 'card', cardData };
    }
    return { kind: 'garbage', message: 'RequestCardSwipe answered OK without usable CardData' };
  }
  return { kind: 'garbage', message: 'RequestCardSwipe answered an unknown Status' };
}

/** The answer to GET CheckHealth: healthy only on 200 with statusText OK. */
export function readHealthAnswer(statusCode: number, text: string): { ok: boolean; message?: string } {
  const body = parseJsonObject(text);
  if (statusCode === 200 && typeof body?.statusText === 'string' && body.statusText.toUpperCase() === 'OK')
    return { ok: true };
  if (body === undefined) return { ok: false, message: `CheckHealth answered HTTP ${statusCode} without JSON` };
  const statusText = typeof body.statusText === 'string' ? body.statusText.slice(0, 200) : 'no statusText';
  return { ok: false, message: `CheckHealth answered HTTP ${statusCode}: ${statusText}` };
}

function text(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

/**
 * The upstream decrypt answer: `{ application_data: { status: 'ok', result: { DecryptedCardSwipe } } }`.
 * Undefined unless every field is present and the card number is 12-19 digits passing the Luhn
 * check: a number that fails it was misread, and a misread swipe is a failed swipe (the visitor
 * swipes again) rather than a form filled with a wrong number.
 */
export function readDecryptAnswer(body: unknown): DecryptedCardSwipe | undefined {
  const parsed = typeof body === 'string' ? parseJsonObject(body) : body;
  if (typeof parsed !== 'object' || parsed === null) return undefined;
  const appData = (parsed as { application_data?: unknown }).application_data as
    { status?: unknown; result?: { DecryptedCardSwipe?: Record<string, unknown> } } | undefined;
  if (appData?.status !== 'ok') return undefined;
  const swipe = appData.result?.DecryptedCardSwipe;
  if (typeof swipe !== 'object' || swipe === null) return undefined;
  const name = text(swipe.name);
  const cardNumber = text(swipe.card_number)?.replace(/[ -]/g, '');
  const expMonth = text(swipe.exp_month);
  const expYear = text(swipe.exp_year);
  if (name === undefined || cardNumber === undefined || expMonth === undefined || expYear === undefined)
    return undefined;
  if (
    !/^[0-9]{12,19}$/.test(cardNumber) ||
    !passesLuhn(cardNumber) ||
    !/^[0-9]{1,2}$/.test(expMonth) ||
    !/^[0-9]{2,4}$/.test(expYear)
  )
    return undefined;
  return { name, card_number: cardNumber, exp_month: expMonth, exp_year: expYear };
}
