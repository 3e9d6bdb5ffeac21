import { SIGNING_COMPLETED_EVENT } from '@kiosk/shared-types';

export interface ExpectedSigner {
  /** The signing page's URL (the frame's src). */
  url: string;
  /** The frame's window. */
  source: MessageEventSource | null;
  /** Ids that name this document in the message's data.id (our key, the provider's document id). */
  ids: readonly string[];
}

/**
 * Whether a window message says the document in this frame was signed: it must come from the
 * frame's own window, from the origin of the frame's URL (the sandbox or the signing provider),
 * and read `{ event: 'session_view.document.completed', data: { id } }` (an object or its JSON
 * text) with an id naming this document. Anything else (no frame, another frame, another origin,
 * a forged event, a completion that names no document) is ignored: the rental's agreements and
 * Pay My Bill's autopay agreements follow this one rule.
 */
export function isSigningCompleted(
  event: Pick<MessageEvent, 'origin' | 'source' | 'data'>,
  expected: ExpectedSigner,
  base?: string,
): boolean {
  return signedDocumentId(event, expected, base) !== null;
}

/**
 * The id a completion message gives for the signed document (shell §4 Submit: "carrying a file
 * id"), when `isSigningCompleted` accepts the message; null otherwise.
 */
export function signedDocumentId(
  event: Pick<MessageEvent, 'origin' | 'source' | 'data'>,
  expected: ExpectedSigner,
  base: string = typeof window === 'undefined' ? 'http://localhost' : window.location.href,
): string | null {
  let origin: string;
  try {
    origin = new URL(expected.url, base).origin;
  } catch {
    return null;
  }
  if (origin === 'null' || event.origin !== origin) return null;
  if (expected.source === null || event.source !== expected.source) return null;
  let data: unknown = event.data;
  if (typeof data === 'string') {
    try {
      data = JSON.parse(data);
    } catch {
      return null;
    }
  }
  if (typeof data !== 'object' || data === null) return null;
  const message = data as { event?: unknown; data?: { id?: unknown } };
  if (message.event !== SIGNING_COMPLETED_EVENT) return null;
  const id = message.data?.id;
  return typeof id === 'string' && expected.ids.includes(id) ? id : null;
}
