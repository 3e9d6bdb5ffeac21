import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSiteData } from './storage';

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

/** A window whose IndexedDB and Cache Storage hold the given names (jsdom has neither). */
function windowWith(databases: string[], cacheNames: string[]) {
  const deletedDatabases: string[] = [];
  const deletedCaches: string[] = [];
  const indexedDB = {
    databases: async () => databases.map((name) => ({ name, version: 1 })),
    deleteDatabase: (name: string) => {
      const request: Partial<IDBOpenDBRequest> = {};
      queueMicrotask(() => {
        deletedDatabases.push(name);
        request.onsuccess?.call(request as IDBOpenDBRequest, new Event('success'));
      });
      return request;
    },
  };
  const caches = {
    keys: async () => cacheNames,
    delete: async (name: string) => {
      deletedCaches.push(name);
      return true;
    },
  };
  const win = Object.assign(Object.create(window) as Window, {
    localStorage,
    sessionStorage,
    document,
    indexedDB,
    caches,
    setTimeout: window.setTimeout.bind(window),
  });
  return { win, deletedDatabases, deletedCaches };
}

describe('clearSiteData', () => {
  it("wipes web storage, the page's cookies, IndexedDB and Cache Storage", async () => {
    localStorage.setItem('kiosk:identity-session', 'token');
    localStorage.setItem('i18nextLng', 'es');
    sessionStorage.setItem('draft', 'tenant@example.com');
    document.cookie = 'kiosk_spaces=A101; path=/';
    document.cookie = 'visitor=jane; path=/';
    const { win, deletedDatabases, deletedCaches } = windowWith(['signing'], ['media-v1']);

    await clearSiteData(win);

    expect(localStorage.length).toBe(0);
    expect(sessionStorage.length).toBe(0);
    expect(document.cookie).toBe('');
    expect(deletedDatabases).toEqual(['signing']);
    expect(deletedCaches).toEqual(['media-v1']);
  });

  it('does not wait forever for a database that an open connection keeps', async () => {
    vi.useFakeTimers();
    const { win } = windowWith([], []);
    (win as unknown as { indexedDB: unknown }).indexedDB = {
      databases: async () => [{ name: 'held', version: 1 }],
      deleteDatabase: () => ({}),
    };
    localStorage.setItem('kiosk:draft', 'x');
    let finished = false;
    const clearing = clearSiteData(win).then(() => (finished = true));
    await vi.advanceTimersByTimeAsync(2000);
    await clearing;
    expect(finished).toBe(true);
    expect(localStorage.length).toBe(0);
    vi.useRealTimers();
  });
});
