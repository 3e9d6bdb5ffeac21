import {
  facilitySettingsQuery,
  REACH_ZONE_PERCENT,
  type Capabilities,
  type FacilitySettings,
  type KioskConfig,
  type NonInteractiveDocument,
} from '@kiosk/shared-types';
import { makeAutoObservable, runInAction } from 'mobx';
import { pageIsSandbox } from '../utils/first-paint';
import { applyKioskColors } from '../utils/theme';
import type { RootStore } from './RootStore';

export type ConfigStatus = 'idle' | 'loading' | 'ready' | 'failed';

/**
 * The kiosk configuration and the facility it belongs to, loaded once at start (shell spec §1):
 * colours (CSS variables), title (document title), owner_id, logo, mute_audio, welcome content,
 * facility settings, capabilities and the non-interactive documents (kept here, where the sidebar
 * reads them on the first screen; DocumentsStore, loaded with the documents screens, shows them).
 */
export class ConfigStore {
  status: ConfigStatus = 'idle';
  facilityId: string | null = null;
  config: KioskConfig | null = null;
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

  constructor(readonly root: RootStore) {
    makeAutoObservable(this, { root: false }, { autoBind: true });
  }

  setContentOrigins(origins: readonly string[]): void {
    this.contentOrigins = origins;
  }

  setSandbox(sandbox: boolean): void {
    this.sandbox = sandbox;
  }

  get isLoading(): boolean {
    return this.status === 'loading';
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

  /**
   * Load everything the shell needs for facility `facilityId`. Only the configuration is
   * essential: if it fails (operator error, HTTP error, no network) the kiosk shows the unavailable
   * page "Kiosk is not configured for this facility." (shell spec §1, §8). The facility settings,
   * capabilities and documents are loaded next, together; one of them failing leaves its part
   * empty (no map item, no documents items) rather than closing the kiosk. The shell shows once
   * the configuration, the facility settings and the documents are in (the sidebar's items depend
   * on them); the capabilities and the display setting follow.
   */
  async load(facilityId: string): Promise<void> {
    if (this.facilityId === facilityId && (this.status === 'loading' || this.status === 'ready')) return;
    this.facilityId = facilityId;
    this.status = 'loading';
    const { api } = this.root;

    let config: KioskConfig | null = null;
    try {
      const response = await api.call<KioskConfig>(
        'configuration',
        { facility: facilityId },
        { latestKey: 'configuration' },
      );
      if (response.status === 'ok' && response.result) config = response.result;
    } catch {
      config = null;
    }
    if (this.facilityId !== facilityId) return;
    if (!config) {
      runInAction(() => {
        this.status = 'failed';
      });
      this.root.shell.showUnavailable('not_configured');
      return;
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
          { query: facilitySettingsQuery(facilityId) },
        );
        return response.status === 'ok' ? response.result : null;
      }),
      optional(async () => {
        const response = await api.call<{ agreements?: NonInteractiveDocument[] }>('nonInteractiveAgreements', {
          facility: facilityId,
        });
        return response.status === 'ok' ? (response.result.agreements ?? []) : null;
      }),
    ]);
    if (this.facilityId !== facilityId) return;

    runInAction(() => {
      this.config = config;
      this.facility = facility;
      if (typeof config.mute_audio === 'boolean') this.muteAudio = config.mute_audio;
      this.status = 'ready';
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
