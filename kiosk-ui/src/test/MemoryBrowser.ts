import type { BrowserEnv } from '../shared/stores/browser';

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
