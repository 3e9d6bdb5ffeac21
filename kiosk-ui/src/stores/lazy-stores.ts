import { observable, runInAction } from 'mobx';
import type { StoreImports } from '../areas/registry';
import type { RootStore } from './RootStore';

/**
 * The domain stores that only lazily loaded screens need, by their name on the root
 * (`root.payBill`): each area's `stores` (areas/<area>/area.ts, listed in areas/registry.ts) and
 * the devices'. Their code is not part of the first screen's bundle (its budget:
 * docs/performance.md): each arrives with the screens that use it (`loadStores`, awaited by the
 * screen loaders in screens/registry.ts and the rental area's screens/sections.ts) and RootStore
 * builds the instance on first use.
 */
export type LazyStores = { [K in keyof StoreImports]: InstanceType<Awaited<ReturnType<StoreImports[K]>>> };

export type LazyStoreName = keyof LazyStores;

export type LazyStoreClass<K extends LazyStoreName> = new (root: RootStore) => LazyStores[K];

let provided: StoreImports | undefined;

/** The stores' modules, given by RootStore's module from the areas' list (areas/registry.ts). */
export function provideStoreImports(imports: StoreImports): void {
  provided = imports;
}

function storeImports(): StoreImports {
  return provided!;
}

/** Every lazily loaded store, in RootStore's reset order. */
export function lazyStoreNames(): LazyStoreName[] {
  return Object.keys(storeImports()) as LazyStoreName[];
}

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
      const load = storeImports()[name];
      pending = load().then(
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
