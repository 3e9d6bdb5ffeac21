import { makeAutoObservable, observable, runInAction } from 'mobx';
import { isAllowedOrigin, originOf, type MediaSource } from './media-kind';

/** How long a page of a third-party host may take to answer before its placeholder shows. */
export const CONTENT_PROBE_TIMEOUT_MS = 5000;
/** A host that did not answer is asked again after this long (the network may be back). */
export const CONTENT_RETRY_AFTER_MS = 30_000;

/** Whether an item shows: still finding out, load it, or the "not available on this kiosk" placeholder. */
export type ContentStatus = 'checking' | 'load' | 'unavailable';

type Reach = { state: 'checking' } | { state: 'answered' } | { state: 'unreachable'; at: number };

/** Asks whether a host answers at all; resolves false on no answer, never rejects. */
export type ContentProbe = (url: string, timeoutMs: number) => Promise<boolean>;

/**
 * An opaque (no-cors) HEAD request: any answer, whatever its status, means the host is there.
 * The page's CSP allows connections to the content origins only, the same list as frames.
 */
export const fetchProbe: ContentProbe = async (url, timeoutMs) => {
  try {
    await fetch(url, {
      method: 'HEAD',
      mode: 'no-cors',
      credentials: 'omit',
      cache: 'no-store',
      signal: AbortSignal.timeout(timeoutMs),
    });
    return true;
  } catch {
    return false;
  }
};

/**
 * Third-party content (the maps service, video hosts and players, the facility's media host):
 * which origins the kiosk's configuration allows (KIOSK_CONTENT_ORIGINS and, offline, the
 * sandbox, told by the daemon's hello), and whether a page's host answers before it is framed. A
 * frame shows no error a page can see, so a page is only framed once its host has answered;
 * pictures and video files say themselves when they fail (their error event). Anything from an
 * origin the configuration does not name is never requested at all.
 */
export class ContentAccess {
  private readonly reach = observable.map<string, Reach>();

  constructor(
    /** The configured content origins (ConfigStore.contentOrigins, from the daemon's hello). */
    private readonly allowedOrigins: () => readonly string[],
    private readonly probe: ContentProbe = fetchProbe,
    private readonly pageOrigin: () => string = () => window.location.origin,
  ) {
    makeAutoObservable<this, 'reach' | 'probe' | 'pageOrigin' | 'allowedOrigins'>(
      this,
      { reach: false, probe: false, pageOrigin: false, allowedOrigins: false },
      { autoBind: true },
    );
  }

  isAllowed(url: string): boolean {
    return isAllowedOrigin(url, this.pageOrigin(), this.allowedOrigins());
  }

  /** Whether `source` shows now; call check() to find out about a page's host. */
  status(source: MediaSource | null): ContentStatus {
    if (!source || !this.isAllowed(source.url)) return 'unavailable';
    if (source.kind !== 'page') return 'load';
    const origin = originOf(source.url, this.pageOrigin());
    if (origin === this.pageOrigin()) return 'load';
    const reach = origin === null ? undefined : this.reach.get(origin);
    if (reach === undefined || reach.state === 'checking') return 'checking';
    return reach.state === 'answered' ? 'load' : 'unavailable';
  }

  /** Ask the host of a page (once per origin; again after a while when it did not answer). */
  check(source: MediaSource | null): void {
    if (!source || source.kind !== 'page' || !this.isAllowed(source.url)) return;
    const origin = originOf(source.url, this.pageOrigin());
    if (origin === null || origin === this.pageOrigin()) return;
    const reach = this.reach.get(origin);
    if (reach?.state === 'checking' || reach?.state === 'answered') return;
    if (reach?.state === 'unreachable' && Date.now() - reach.at < CONTENT_RETRY_AFTER_MS) return;
    this.reach.set(origin, { state: 'checking' });
    void this.probe(source.url, CONTENT_PROBE_TIMEOUT_MS).then((answered) =>
      runInAction(() =>
        this.reach.set(origin, answered ? { state: 'answered' } : { state: 'unreachable', at: Date.now() }),
      ),
    );
  }
}
