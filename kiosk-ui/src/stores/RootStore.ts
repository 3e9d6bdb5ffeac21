import { reaction } from 'mobx';
import type { ApiClient } from '../api/client';
import type { EventsClient } from '../api/events-client';
import { AccountStore } from './AccountStore';
import { BillingStore } from './BillingStore';
import { CheckoutStore } from './CheckoutStore';
import { windowBrowser, type BrowserEnv } from './browser';
import { ConfigStore } from './ConfigStore';
import { DeviceStore } from './DeviceStore';
import { DocumentsStore } from './DocumentsStore';
import { IdentityStore } from './IdentityStore';
import { NavigationLog } from './NavigationLog';
import { RentalStore } from './RentalStore';
import { SessionStore } from './SessionStore';
import { ShellStore } from './ShellStore';
import { browserStorage, clearHoldCookie, clearKioskKeys } from './storage';
import { TriviaStore } from './TriviaStore';
import { UnitsStore } from './UnitsStore';

export interface RootStoreOptions {
  api: ApiClient;
  events: EventsClient;
  /** Persistent storage (localStorage by default); keys through kioskStorageKey(). */
  storage?: Storage;
  /** Per-tab storage (sessionStorage by default). */
  sessionStorage?: Storage;
  /** The window as the stores see it; tests pass a MemoryBrowser. */
  browser?: BrowserEnv;
}

/**
 * Creates and holds one store per domain and passes itself to each, so stores reach each other
 * through the root (`this.root.account.loggedIn`), never through globals. Only stores call the
 * API client; components read stores through useStores().
 */
export class RootStore {
  readonly api: ApiClient;
  readonly events: EventsClient;
  readonly storage: Storage | undefined;
  readonly sessionStorage: Storage | undefined;
  readonly browser: BrowserEnv;

  readonly config: ConfigStore;
  readonly session: SessionStore;
  readonly shell: ShellStore;
  readonly units: UnitsStore;
  readonly rental: RentalStore;
  readonly checkout: CheckoutStore;
  readonly identity: IdentityStore;
  readonly account: AccountStore;
  readonly billing: BillingStore;
  readonly documents: DocumentsStore;
  readonly device: DeviceStore;
  readonly trivia: TriviaStore;
  readonly navigationLog: NavigationLog;

  constructor(options: RootStoreOptions) {
    this.api = options.api;
    this.events = options.events;
    this.storage = options.storage ?? browserStorage('localStorage');
    this.sessionStorage = options.sessionStorage ?? browserStorage('sessionStorage');
    this.browser = options.browser ?? windowBrowser();

    this.config = new ConfigStore(this);
    this.session = new SessionStore(this);
    this.shell = new ShellStore(this);
    this.units = new UnitsStore(this);
    this.rental = new RentalStore(this);
    this.checkout = new CheckoutStore(this);
    this.identity = new IdentityStore(this);
    this.account = new AccountStore(this);
    this.billing = new BillingStore(this);
    this.documents = new DocumentsStore(this);
    this.device = new DeviceStore(this);
    this.trivia = new TriviaStore(this);
    this.navigationLog = new NavigationLog(this);
  }

  /** Every store, for resetAll. A new store is added here and in the constructor. */
  private get stores(): { reset(): void }[] {
    return [
      this.config,
      this.session,
      this.shell,
      this.units,
      this.rental,
      this.checkout,
      this.identity,
      this.account,
      this.billing,
      this.documents,
      this.device,
      this.trivia,
      this.navigationLog,
    ];
  }

  /**
   * Start what runs for the page's lifetime: history and resize listeners, the events channel,
   * the session's subscriptions, and loading the configuration of the facility in the URL.
   * Returns the disposer.
   */
  start(): () => void {
    const stops = [
      this.shell.start(),
      this.session.start(),
      this.rental.start(),
      this.navigationLog.start(),
      reaction(
        () => this.shell.facilityId,
        (facilityId) => {
          if (facilityId !== null) void this.config.load(facilityId);
        },
        { fireImmediately: true },
      ),
    ];
    this.events.start();
    return () => {
      for (const stop of stops) stop();
      this.events.stop();
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
