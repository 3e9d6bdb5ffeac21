import { clearSiteData } from './storage';

/**
 * What the stores need from the browser window, behind one small interface so store tests run
 * without touching the real history or reloading the page.
 */
export interface BrowserEnv {
  location(): { pathname: string; search: string };
  pushState(url: string): void;
  replaceState(url: string): void;
  onPopState(listener: () => void): () => void;
  reload(): void;
  /**
   * The visit is over: wipe what the kiosk's origin keeps in this browser, then load `url` afresh
   * in place of the current history entry, so nothing of the visit is left in memory, storage or
   * one step back.
   */
  startOver(url: string): void;
  viewport(): { width: number; height: number };
  onResize(listener: () => void): () => void;
}

export function windowBrowser(win: Window = window): BrowserEnv {
  return {
    location: () => ({ pathname: win.location.pathname, search: win.location.search }),
    pushState: (url) => win.history.pushState(null, '', url),
    replaceState: (url) => win.history.replaceState(null, '', url),
    onPopState(listener) {
      win.addEventListener('popstate', listener);
      return () => win.removeEventListener('popstate', listener);
    },
    reload: () => win.location.reload(),
    startOver(url) {
      void clearSiteData(win).finally(() => win.location.replace(url));
    },
    viewport: () => ({ width: win.innerWidth, height: win.innerHeight }),
    onResize(listener) {
      win.addEventListener('resize', listener);
      return () => win.removeEventListener('resize', listener);
    },
  };
}
