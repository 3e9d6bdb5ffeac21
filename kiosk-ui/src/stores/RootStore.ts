import { reaction, when } from 'mobx';
import type { ApiClient } from '../api/client';
import type { EventsClient } from '../api/events-client';
import { windowBrowser, type BrowserEnv } from '../shared/stores/browser';
import { ConfigStore } from '../areas/shell/ConfigStore';
import { STORE_IMPORTS } from '../areas/registry';
import {
  lazyStoreNames,
  provideStoreImports,
  storeClasses,
  type LazyStoreName,
  type LazyStores,
  type StoreClasses,
} from './lazy-stores';
import { NavigationLog } from '../areas/shell/NavigationLog';
import { ScreenHealth } from '../areas/shell/ScreenHealth';
import { SessionStore } from '../areas/shell/SessionStore';
import { SpeechStore } from '../areas/shell/SpeechStore';
import { ShellStore } from '../areas/shell/ShellStore';
import { VisitorPreferences } from '../areas/shell/VisitorPreferences';
import { browserStorage, clearHoldCookie, clearKioskKeys } from '../shared/stores/storage';

// The stores' modules come from the areas' list, given to the loader every screen awaits, which
// cannot import the areas whose screens import it.
provideStoreImports(STORE_IMPORTS);

export interface RootStoreOptions {
  api: ApiClient;
  events: EventsClient;
  /** Persistent storage (localStorage by default); keys through kioskStorageKey(). */
  storage?: Storage;
  /** Per-tab storage (sessionStorage by default). */
  sessionStorage?: Storage;
  /** The window as the stores see it; tests pass a MemoryBrowser. */
  browser?: BrowserEnv;
  /** Where the lazily loaded stores' classes come from (the page's by default; tests may pass their own). */
  storeClasses?: StoreClasses;
}

/**
 * Creates and holds one store per domain and passes itself to each, so stores reach each other
 * through the root (`this.root.account.loggedIn`), never through globals. Only stores call the
 * API client; components read stores through useStores().
 *
 * The stores the first screen needs are built here. The others (lazy-stores.ts) arrive with the
 * screens that use them: `root.checkout` builds the store on first use once `loadStores('checkout')`
 * has fetched its code, and throws before that. An always-present store that reads one of them
 * uses `ifLoaded(name)` instead, which is undefined until the code is here.
 */
/**
 * `root.units`, `root.payBill`, ...: the lazily loaded stores, one property each, defined in the
 * constructor from the areas' list (a class cannot declare members computed from a list).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-unsafe-declaration-merging -- its members are LazyStores', defined in the constructor
export interface RootStore extends LazyStores {}

// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- the interface above
export class RootStore {
  readonly api: ApiClient;
  readonly events: EventsClient;
  readonly storage: Storage | undefined;
  readonly sessionStorage: Storage | undefined;
  readonly browser: BrowserEnv;

  readonly config: ConfigStore;
  readonly session: SessionStore;
  readonly shell: ShellStore;
  readonly navigationLog: NavigationLog;
  readonly screenHealth: ScreenHealth;
  readonly preferences: VisitorPreferences;
  readonly speech: SpeechStore;

  private readonly storeClasses: StoreClasses;
  private readonly lazyStores: Partial<LazyStores> = {};

  constructor(options: RootStoreOptions) {
    this.api = options.api;
    this.events = options.events;
    this.storage = options.storage ?? browserStorage('localStorage');
    this.sessionStorage = options.sessionStorage ?? browserStorage('sessionStorage');
    this.browser = options.browser ?? windowBrowser();
    this.storeClasses = options.storeClasses ?? storeClasses;

    this.config = new ConfigStore(this);
    this.session = new SessionStore(this);
    this.shell = new ShellStore(this);
    this.navigationLog = new NavigationLog(this);
    this.screenHealth = new ScreenHealth(this);
    this.preferences = new VisitorPreferences(this);
    this.speech = new SpeechStore(this);
    // `root.<store>` for each lazily loaded store (the areas' list): built on first use once its
    // code is here, and an error naming the store before that.
    for (const name of lazyStoreNames()) {
      Object.defineProperty(this, name, { get: () => this.lazyStore(name), enumerable: false });
    }
  }

  /**
   * A lazily loaded store once its code is here (built on first use), else undefined. For stores
   * that are always there and read one of these: MobX tracks the arrival of the class, so a
   * reaction or computed that found the store missing runs again when it arrives.
   */
  ifLoaded<K extends LazyStoreName>(name: K): LazyStores[K] | undefined {
    const built = this.lazyStores[name];
    if (built) return built;
    const StoreClass = this.storeClasses.get(name);
    if (!StoreClass) return undefined;
    const store = new StoreClass(this);
    this.lazyStores[name] = store;
    return store;
  }

  private lazyStore<K extends LazyStoreName>(name: K): LazyStores[K] {
    const store = this.ifLoaded(name);
    if (!store) {
      throw new Error(
        `RootStore.${name} was used before its code was loaded: the screen using it must await loadStores('${name}') first (screens/registry.ts).`,
      );
    }
    return store;
  }

  /**
   * Every store that exists, for resetAll (a lazily loaded store that was never built has nothing
   * to forget). A first-screen store is added here and in the constructor; a lazily loaded one is
   * its area's (areas/<area>/area.ts).
   */
  private get stores(): { reset(): void }[] {
    const built = lazyStoreNames().flatMap((name) => this.lazyStores[name] ?? []);
    return [this.config, this.session, this.shell, ...built, this.navigationLog, this.preferences, this.speech];
  }

  /**
   * Start what runs for the page's lifetime: history and resize listeners, the events channel,
   * the session's subscriptions, and loading the configuration of the facility in the URL (or,
   * from an unavailable page, of the kiosk's own facility, until it answers).
   * Returns the disposer.
   */
  start(): () => void {
    const stops = [
      this.shell.start(),
      this.session.start(),
      this.followKioskSectionInRental(),
      this.navigationLog.start(),
      this.screenHealth.start(),
      this.events.on('hello', (event) => {
        this.config.setContentOrigins(event.contentOrigins);
        this.config.setSandbox(event.sandbox);
      }),
      this.speech.start(),
      reaction(
        () => this.shell.facilityId,
        (facilityId) => {
          if (facilityId !== null) void this.config.load(facilityId);
        },
        { fireImmediately: true },
      ),
      // No address leaves the kiosk on a page that never tries again (ConfigStore).
      reaction(
        () => (this.shell.route.name === 'unavailable' ? this.shell.route.error : null),
        (error) => {
          if (error !== null) void this.config.recoverFromUnavailablePage(error);
        },
        { fireImmediately: true },
      ),
      () => this.config.stopRetrying(),
    ];
    this.events.start();
    return () => {
      for (const stop of stops) stop();
      this.events.stop();
    };
  }

  /**
   * The rental flow follows the kiosk section (RentalStore.followKioskSection). Wired here from the
   * start, not when the rental store arrives with its screens, so that it keeps its place before
   * the navigation log's reaction to the same change (which logs the rental section it sets). A
   * rental store that arrives after the visitor opened the rental area starts where they are.
   */
  private followKioskSectionInRental(): () => void {
    const stopJoining = when(
      () => this.ifLoaded('rental') !== undefined,
      () => this.rental.joinKioskSection(this.shell.section),
    );
    const stopFollowing = reaction(
      () => this.shell.section,
      (section, previous) => this.ifLoaded('rental')?.followKioskSection(section, previous),
    );
    return () => {
      stopJoining();
      stopFollowing();
    };
  }

  /** A session ended: no visitor may see the last one's data (stores, kiosk storage keys, hold cookie). */
  resetAll(): void {
    for (const store of this.stores) store.reset();
    clearKioskKeys(this.storage);
    clearKioskKeys(this.sessionStorage);
    clearHoldCookie(typeof document === 'undefined' ? undefined : document);
  }
}
