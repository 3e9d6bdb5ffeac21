import {
  facilitySettingsQuery,
  REACH_ZONE_PERCENT,
  type Capabilities,
  type FacilitySettings,
  type KioskConfig,
  type KioskFacility,
  type NonInteractiveDocument,
} from '@kiosk/shared-types';
import { makeAutoObservable, runInAction } from 'mobx';
import { isCancelled, isOperatorUnreachable } from '../../api/errors';
import type { UnavailableError } from './router';
import { pageIsSandbox } from '../../utils/first-paint';
import { applyKioskColors } from '../../utils/theme';
import { IDLE, LOADING, ready, REFUSED, UNREACHABLE, valueOr, type Loadable } from '../../models/loadable';
import type { RootStore } from '../../stores/RootStore';

/**
 * How long the kiosk waits before asking the operator again: soon while it cannot be reached (a
 * network back after an outage shows the welcome within seconds), rarely while the operator says
 * the facility is not configured (someone has to fix it at the operator's end).
 */
export const RETRY_DELAY_MS = { unreachable: 5_000, not_configured: 60_000 } as const;

/**
 * The kiosk configuration and the facility it belongs to, loaded once at start (shell spec §1):
 * colours (CSS variables), title (document title), owner_id, logo, mute_audio, welcome content,
 * facility settings, capabilities and the non-interactive documents (kept here, where the sidebar
 * reads them on the first screen; DocumentsStore, loaded with the documents screens, shows them).
 */
export class ConfigStore {
  /**
   * The configuration, ready once the facility settings and documents are in too (the shell shows
   * then). Failed 'refused': the operator answered that this facility has no kiosk configuration
   * (the unavailable page "not configured", shell spec §1, §8); failed 'unreachable': the operator
   * could not be reached (the out-of-service screen). Both ask again by themselves
   * (RETRY_DELAY_MS) and open the welcome screen once the configuration arrives.
   */
  configuration: Loadable<KioskConfig> = IDLE;
  facilityId: string | null = null;
  facility: FacilitySettings | null = null;
  capabilities: Capabilities | null = null;
  /** The facility's non-interactive documents (lease and insurance documents, shell spec §3). */
  nonInteractiveDocuments: NonInteractiveDocument[] = [];
  /**
   * Whether the looping video plays muted. Shell spec §1 says "mute_audio is set false locally"
   * and §2 "a looping video that is muted when the configuration says so". Read literally: the
   * kiosk's own value starts false (sound on) and the configured mute_audio, when the
   * configuration carries a boolean, replaces it; the video's muted attribute follows this value.
   */
  muteAudio = false;
  /**
   * The origins third-party content may load from (the daemon's configured content origins, told
   * by its hello); components/media asks whether their hosts answer (stores/ContentAccess.ts).
   */
  contentOrigins: readonly string[] = [];
  /**
   * The kiosk is a demo (the daemon's KIOSK_SANDBOX=on: told by the page's meta element, then by
   * the daemon's hello): no real rentals or payments, and the screen says so with its DEMO mark.
   */
  sandbox = pageIsSandbox();
  /**
   * How much of the screen's height, from the bottom, a seated visitor reaches (the daemon's
   * KIOSK_REACH_ZONE_PERCENT for this mounting); "Move controls down" keeps every control in it.
   */
  reachZonePercent: number = REACH_ZONE_PERCENT.default;
  /**
   * The kiosk's own facility as the daemon last knew it (its id, name and phone): where home is
   * from an unavailable page, and whom the out-of-service screen tells visitors to call.
   */
  kioskFacility: KioskFacility | null = null;
  /** A configuration call is in flight (the first load, or a retry behind the screen it left). */
  private checking = false;
  /** Configuration calls made by this page: after the first, the daemon's preloads are stale. */
  private attempts = 0;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(readonly root: RootStore) {
    makeAutoObservable<this, 'checking' | 'attempts' | 'retryTimer'>(
      this,
      { root: false, checking: false, attempts: false, retryTimer: false },
      { autoBind: true },
    );
  }

  setContentOrigins(origins: readonly string[]): void {
    this.contentOrigins = origins;
  }

  setSandbox(sandbox: boolean): void {
    this.sandbox = sandbox;
  }

  /** The configuration once loaded (null while it is not here). */
  get config(): KioskConfig | null {
    return valueOr(this.configuration, null);
  }

  get ownerId(): string | null {
    return this.config?.owner_id ?? null;
  }

  get logoUrl(): string | null {
    return this.config?.logo || null;
  }

  get welcome(): KioskConfig['welcome'] {
    return this.config?.welcome ?? {};
  }

  get videoUrl(): string | null {
    return this.welcome.video_url || null;
  }

  /** The operator cannot be reached: the out-of-service screen is up. */
  get isOutOfService(): boolean {
    return this.configuration.state === 'failed' && this.configuration.reason === 'unreachable';
  }

  /**
   * Load everything the shell needs for facility `facilityId`. Only the configuration is
   * essential. If the operator answers that there is none (an operator error, an HTTP 4xx) the
   * kiosk shows the unavailable page "Kiosk is not configured for this facility." (shell spec §1,
   * §8); if the operator cannot be reached (no network, the daemon's 502/503/504) it shows the
   * out-of-service screen. Either way it asks again (RETRY_DELAY_MS) until the configuration
   * arrives, then opens the welcome screen, with no reload. The facility settings,
   * capabilities and documents are loaded next, together; one of them failing leaves its part
   * empty (no map item, no documents items) rather than closing the kiosk. The shell shows once
   * the configuration, the facility settings and the documents are in (the sidebar's items depend
   * on them); the capabilities and the display setting follow.
   */
  async load(facilityId: string): Promise<void> {
    // In flight, loaded, or a retry already planned for it (it comes on its own).
    if (
      this.facilityId === facilityId &&
      (this.checking ||
        this.configuration.state === 'loading' ||
        this.configuration.state === 'ready' ||
        this.retryTimer !== undefined)
    )
      return;
    this.stopRetrying();
    this.facilityId = facilityId;
    // A retry keeps the screen it left up (no spinner flashing every few seconds).
    if (this.configuration.state !== 'failed') this.configuration = LOADING;
    this.checking = true;
    const { api } = this.root;
    // The page's preloads of these calls (ui.ts) served the first attempt; a retry asks anew.
    const fresh = this.attempts++ > 0;

    let answer: KioskConfig | 'not_configured' | 'unreachable' | 'cancelled';
    try {
      const response = await api.call<KioskConfig>(
        'configuration',
        { facility: facilityId },
        { latestKey: 'configuration', fresh },
      );
      answer = response.status === 'ok' && response.result ? response.result : 'not_configured';
    } catch (error) {
      answer = isCancelled(error) ? 'cancelled' : isOperatorUnreachable(error) ? 'unreachable' : 'not_configured';
    }
    if (this.facilityId !== facilityId) return;
    runInAction(() => {
      this.checking = false;
    });
    // A newer call for the same facility took over.
    if (answer === 'cancelled') return;
    if (answer === 'not_configured' || answer === 'unreachable') {
      this.failed(facilityId, answer);
      return;
    }
    const config = answer;
    runInAction(() => {
      this.configuration = LOADING;
    });
    // Back from an unavailable page: the kiosk's own address again, at the welcome screen.
    if (this.root.shell.route.name !== 'kiosk') {
      this.root.shell.goHome();
      this.root.shell.navigate({ name: 'kiosk', facilityId }, { replace: true });
    }

    preloadWelcomeImage(config.welcome?.background_image);
    const ownerId = config.owner_id;
    // Capabilities (read when a payment is made) and the daemon's display setting (read once the
    // visitor moves the controls down) do not hold the first screen: the daemon preloads the calls
    // the welcome and its sidebar wait for, not these (capabilities needs the owner id first).
    const later = Promise.all([
      optional(async () => {
        if (!ownerId) return null;
        const body = await api.raw<{ data?: { capabilities?: Capabilities } }>('capabilities', {
          owner: ownerId,
          facility: facilityId,
        });
        return body.data?.capabilities ?? null;
      }),
      // The daemon's own setting; without it the default zone stands.
      optional(() => api.displaySettings()),
    ]);
    const [facility, documents] = await Promise.all([
      optional(async () => {
        const response = await api.call<FacilitySettings>(
          'facility',
          { facility: facilityId },
          { query: facilitySettingsQuery(facilityId), fresh },
        );
        return response.status === 'ok' ? response.result : null;
      }),
      optional(async () => {
        const response = await api.call<{ agreements?: NonInteractiveDocument[] }>(
          'nonInteractiveAgreements',
          { facility: facilityId },
          { fresh },
        );
        return response.status === 'ok' ? (response.result.agreements ?? []) : null;
      }),
    ]);
    if (this.facilityId !== facilityId) return;

    runInAction(() => {
      this.configuration = ready(config);
      this.facility = facility;
      if (typeof config.mute_audio === 'boolean') this.muteAudio = config.mute_audio;
    });
    this.setNonInteractiveDocuments(documents ?? []);
    applyKioskColors(config.colors, document.documentElement);
    if (config.title) document.title = config.title;

    const [capabilities, display] = await later;
    if (this.facilityId !== facilityId) return;
    runInAction(() => {
      this.capabilities = capabilities;
      if (display) this.reachZonePercent = display.reach_zone_percent;
    });
  }

  setNonInteractiveDocuments(documents: NonInteractiveDocument[]): void {
    this.nonInteractiveDocuments = documents;
  }

  /** The configuration did not arrive: the screen that says why, and the next try. */
  private failed(facilityId: string, reason: 'not_configured' | 'unreachable'): void {
    this.configuration = reason === 'unreachable' ? UNREACHABLE : REFUSED;
    this.retryLater(() => void this.load(facilityId), RETRY_DELAY_MS[reason]);
    if (reason === 'unreachable') {
      void this.loadKioskFacility();
      // Out of service at the kiosk's own address (a reload there tries again, and shows the same).
      if (this.root.shell.route.name !== 'kiosk') {
        this.root.shell.goHome();
        this.root.shell.navigate({ name: 'kiosk', facilityId }, { replace: true });
      }
      return;
    }
    const current = this.root.shell.route;
    if (current.name !== 'unavailable' || current.error !== 'not_configured') this.root.shell.showUnavailable(reason);
  }

  /**
   * The page was opened at an unavailable address (a reload of it, a home reload, a deep link):
   * find the kiosk's facility (the daemon's) and ask for its configuration, at once for "not
   * configured", after the slow delay for any other unavailable page, so no address leaves the
   * kiosk on a page that never tries again. Nothing to do while this store already retries.
   */
  async recoverFromUnavailablePage(error: UnavailableError): Promise<void> {
    if (this.retryTimer !== undefined || this.checking) return;
    const facility = await this.loadKioskFacility();
    if (this.retryTimer !== undefined || this.checking || this.root.shell.route.name !== 'unavailable') return;
    if (facility === null) {
      this.retryLater(() => void this.recoverFromUnavailablePage(error), RETRY_DELAY_MS.not_configured);
      return;
    }
    if (error === 'not_configured') {
      runInAction(() => {
        this.configuration = REFUSED;
      });
      void this.load(facility.facility_id);
    } else {
      this.retryLater(() => void this.load(facility.facility_id), RETRY_DELAY_MS.not_configured);
    }
  }

  /** The daemon's word on the kiosk's facility (kept on its disk); null when it cannot say. */
  async loadKioskFacility(): Promise<KioskFacility | null> {
    try {
      const facility = await this.root.api.kioskFacility();
      runInAction(() => {
        this.kioskFacility = facility;
      });
      return facility;
    } catch {
      return this.kioskFacility;
    }
  }

  private retryLater(retry: () => void, delayMs: number): void {
    this.stopRetrying();
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      retry();
    }, delayMs);
  }

  /** Stop asking again (a page going away, or a newer load taking over). */
  stopRetrying(): void {
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
  }

  /** The configuration belongs to the kiosk, not to a visitor: a session end keeps it. */
  reset(): void {}
}

/** A call whose failure only leaves its part of the page empty. */
async function optional<T>(load: () => Promise<T | null>): Promise<T | null> {
  try {
    return await load();
  } catch {
    return null;
  }
}

/**
 * The welcome background is the welcome screen's largest paint (its LCP): fetch it at high
 * priority while the shell's other start-up calls run, not only once the screen has rendered.
 * The screen's CSS background then uses this response (same URL).
 */
function preloadWelcomeImage(url: string | null | undefined): void {
  if (!url || typeof document === 'undefined') return;
  const link = document.createElement('link');
  link.rel = 'preload';
  link.setAttribute('as', 'image');
  link.setAttribute('fetchpriority', 'high');
  link.href = url;
  document.head.appendChild(link);
}
