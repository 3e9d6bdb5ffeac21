import { HOLD } from '@kiosk/shared-types';

/**
 * Every key the kiosk writes to localStorage or sessionStorage starts with this prefix, so a
 * session end can wipe exactly the kiosk's keys (and nothing a browser extension keeps).
 */
export const KIOSK_STORAGE_PREFIX = 'kiosk:';

/** `kioskStorageKey('identity-token')` -> 'kiosk:identity-token'. */
export function kioskStorageKey(name: string): string {
  return `${KIOSK_STORAGE_PREFIX}${name}`;
}

export function clearKioskKeys(storage: Storage | undefined): void {
  if (!storage) return;
  const owned: string[] = [];
  for (let index = 0; index < storage.length; index += 1) {
    const key = storage.key(index);
    if (key?.startsWith(KIOSK_STORAGE_PREFIX)) owned.push(key);
  }
  for (const key of owned) storage.removeItem(key);
}

/** The unit-hold cookie of the original kiosk (kiosk_spaces); holds are tracked by the daemon now. */
export function clearHoldCookie(doc: Document | undefined): void {
  if (doc) doc.cookie = `${HOLD.cookieName}=; max-age=0; path=/`;
}

/** localStorage / sessionStorage when the page may use them (a locked-down profile may throw). */
export function browserStorage(kind: 'localStorage' | 'sessionStorage'): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window[kind];
  } catch {
    return undefined;
  }
}
