import { observable, runInAction } from 'mobx';
import type { AccountStore } from '../areas/account/AccountStore';
import type { BillingStore } from '../areas/pay-bill/BillingStore';
import type { CheckoutStore } from '../areas/rental/CheckoutStore';
import type { ContactStore } from '../areas/my-storage/contact/ContactStore';
import type { DeviceStore } from '../shared/devices/DeviceStore';
import type { DocumentsStore } from '../areas/documents/DocumentsStore';
import type { IdentityStore } from '../areas/rental/IdentityStore';
import type { LicenceScanStore } from '../shared/devices/LicenceScanStore';
import type { MerchandiseStore } from '../areas/merchandise/MerchandiseStore';
import type { PrinterStore } from '../shared/devices/PrinterStore';
import type { RentalStore } from '../areas/rental/RentalStore';
import type { RootStore } from './RootStore';
import type { TenantStore } from '../areas/my-storage/TenantStore';
import type { TriviaStore } from '../areas/shell/TriviaStore';
import type { UnitsStore } from '../areas/browse/UnitsStore';

/**
 * The domain stores that only lazily loaded screens need. Their code is not part of the first
 * screen's bundle (its budget: docs/performance.md): each arrives with the screens that use it (`loadStores`, awaited by
 * the screen loaders in screens/registry.ts and screens/rental/sections.ts) and RootStore builds
 * the instance on first use.
 */
export interface LazyStores {
  units: UnitsStore;
  rental: RentalStore;
  checkout: CheckoutStore;
  identity: IdentityStore;
  account: AccountStore;
  billing: BillingStore;
  documents: DocumentsStore;
  device: DeviceStore;
  printer: PrinterStore;
  licenceScan: LicenceScanStore;
  trivia: TriviaStore;
  merchandise: MerchandiseStore;
  tenant: TenantStore;
  contact: ContactStore;
}

export type LazyStoreName = keyof LazyStores;

export type LazyStoreClass<K extends LazyStoreName> = new (root: RootStore) => LazyStores[K];

type StoreImports = { [K in LazyStoreName]: () => Promise<LazyStoreClass<K>> };

/** One chunk per store module; the bundler splits them off the entry because only these import them. */
const IMPORTS: StoreImports = {
  units: () => import('../areas/browse/UnitsStore').then((module) => module.UnitsStore),
  rental: () => import('../areas/rental/RentalStore').then((module) => module.RentalStore),
  checkout: () => import('../areas/rental/CheckoutStore').then((module) => module.CheckoutStore),
  identity: () => import('../areas/rental/IdentityStore').then((module) => module.IdentityStore),
  account: () => import('../areas/account/AccountStore').then((module) => module.AccountStore),
  billing: () => import('../areas/pay-bill/BillingStore').then((module) => module.BillingStore),
  documents: () => import('../areas/documents/DocumentsStore').then((module) => module.DocumentsStore),
  device: () => import('../shared/devices/DeviceStore').then((module) => module.DeviceStore),
  printer: () => import('../shared/devices/PrinterStore').then((module) => module.PrinterStore),
  licenceScan: () => import('../shared/devices/LicenceScanStore').then((module) => module.LicenceScanStore),
  trivia: () => import('../areas/shell/TriviaStore').then((module) => module.TriviaStore),
  merchandise: () => import('../areas/merchandise/MerchandiseStore').then((module) => module.MerchandiseStore),
  tenant: () => import('../areas/my-storage/TenantStore').then((module) => module.TenantStore),
  contact: () => import('../areas/my-storage/contact/ContactStore').then((module) => module.ContactStore),
};

/** Every lazily loaded store, in RootStore's reset order. */
export const LAZY_STORE_NAMES = Object.keys(IMPORTS) as LazyStoreName[];

/**
 * The store classes that have arrived. Observable, so a derivation that found a store missing
 * (`root.ifLoaded('identity')` in SessionStore.context) runs again once its class is here.
 */
export class StoreClasses {
  private readonly classes = observable.map<LazyStoreName, LazyStoreClass<LazyStoreName>>({}, { deep: false });
  private readonly pending = new Map<LazyStoreName, Promise<void>>();

  /** Imports the named stores' modules (each once); resolves when all their classes are here. */
  load(names: readonly LazyStoreName[]): Promise<void> {
    return Promise.all(names.map((name) => this.loadOne(name))).then(() => undefined);
  }

  /** The class of a store that has arrived, else undefined (tracked by MobX). */
  get<K extends LazyStoreName>(name: K): LazyStoreClass<K> | undefined {
    return this.classes.get(name) as LazyStoreClass<K> | undefined;
  }

  private loadOne(name: LazyStoreName): Promise<void> {
    if (this.classes.has(name)) return Promise.resolve();
    let pending = this.pending.get(name);
    if (!pending) {
      pending = IMPORTS[name]().then(
        (storeClass) => {
          runInAction(() => this.classes.set(name, storeClass as LazyStoreClass<LazyStoreName>));
        },
        (error: unknown) => {
          this.pending.delete(name); // a failed download (network blip) can be tried again
          throw error;
        },
      );
      this.pending.set(name, pending);
    }
    return pending;
  }
}

/** The page's store classes (RootStore's default; a test may give a RootStore its own). */
export const storeClasses = new StoreClasses();

/** Fetches the named stores' code; a screen's loader awaits this before the screen renders. */
export function loadStores(...names: LazyStoreName[]): Promise<void> {
  return storeClasses.load(names);
}
