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

/** A database or cache that will not go away (an open connection somewhere) never holds the kiosk. */
export const SITE_DATA_CLEAR_TIMEOUT_MS = 2000;

/**
 * Everything the kiosk's origin keeps in this browser, gone before the next visitor: localStorage,
 * sessionStorage, every cookie the page can see, every IndexedDB database and every Cache Storage
 * cache. Each part is wiped on its own, so one the profile refuses does not spare the others.
 */
export async function clearSiteData(win: Window): Promise<void> {
  for (const kind of ['localStorage', 'sessionStorage'] as const) {
    try {
      win[kind].clear();
    } catch {
      // A locked-down profile may refuse web storage: then it holds nothing either.
    }
  }
  clearCookies(win.document);
  const pending = [clearIndexedDb(win), clearCacheStorage(win)];
  await Promise.race([
    Promise.allSettled(pending),
    new Promise((done) => win.setTimeout(done, SITE_DATA_CLEAR_TIMEOUT_MS)),
  ]);
}

function clearCookies(doc: Document): void {
  const paths = ['/', ...pathPrefixes(doc.location.pathname)];
  for (const cookie of doc.cookie.split(';')) {
    const name = cookie.split('=', 1)[0]?.trim();
    if (!name) continue;
    for (const path of paths) doc.cookie = `${name}=; max-age=0; path=${path}`;
  }
}

/** '/demo/x' -> ['/demo', '/demo/x']: a cookie is removed only with the path it was set with. */
function pathPrefixes(pathname: string): string[] {
  const segments = pathname.split('/').filter(Boolean);
  return segments.map((_segment, index) => `/${segments.slice(0, index + 1).join('/')}`);
}

async function clearIndexedDb(win: Window): Promise<void> {
  const factory = win.indexedDB as IDBFactory | undefined;
  if (!factory?.databases) return;
  const databases = await factory.databases();
  await Promise.all(
    databases.map(
      ({ name }) =>
        new Promise<void>((done) => {
          if (!name) return done();
          const request = factory.deleteDatabase(name);
          // 'blocked': an open connection; the deletion completes when the page unloads.
          request.onsuccess = request.onerror = request.onblocked = () => done();
        }),
    ),
  );
}

async function clearCacheStorage(win: Window): Promise<void> {
  const caches = (win as Window & { caches?: CacheStorage }).caches;
  if (!caches) return;
  const names = await caches.keys();
  await Promise.all(names.map((name) => caches.delete(name)));
}
