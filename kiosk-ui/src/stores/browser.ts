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

/** An in-memory BrowserEnv for tests: records navigation and reloads. */
export class MemoryBrowser implements BrowserEnv {
  readonly entries: string[];
  reloads = 0;
  /** How often startOver wiped the site's data. */
  siteDataClears = 0;
  private size: { width: number; height: number };
  private readonly popListeners = new Set<() => void>();
  private readonly resizeListeners = new Set<() => void>();

  constructor(url = '/', size = { width: 1920, height: 1080 }) {
    this.entries = [url];
    this.size = size;
  }

  get current(): string {
    return this.entries[this.entries.length - 1] ?? '/';
  }

  location() {
    const url = new URL(this.current, 'http://kiosk.invalid');
    return { pathname: url.pathname, search: url.search };
  }

  pushState(url: string): void {
    this.entries.push(url);
  }

  replaceState(url: string): void {
    this.entries[this.entries.length - 1] = url;
  }

  /** The visitor pressed back (kiosks have no back button, but Chromium does on Alt+Left). */
  back(): void {
    if (this.entries.length > 1) this.entries.pop();
    for (const listener of [...this.popListeners]) listener();
  }

  onPopState(listener: () => void): () => void {
    this.popListeners.add(listener);
    return () => this.popListeners.delete(listener);
  }

  reload(): void {
    this.reloads += 1;
  }

  startOver(url: string): void {
    this.siteDataClears += 1;
    this.replaceState(url);
    this.reloads += 1;
  }

  viewport() {
    return this.size;
  }

  resize(width: number, height: number): void {
    this.size = { width, height };
    for (const listener of [...this.resizeListeners]) listener();
  }

  onResize(listener: () => void): () => void {
    this.resizeListeners.add(listener);
    return () => this.resizeListeners.delete(listener);
  }
}
