import type { KioskArea, SectionOf } from '@kiosk/shared-types';
import type { SectionScreen } from './screen-props';

/**
 * What one product area brings to the kiosk (kiosk-ui/src/areas/<area>/area.ts), as a device's
 * `KioskDevice` does in the daemon: a screen for each of its sections (shared-types
 * sections.ts) and its lazily loaded stores. Only data and `import()` calls, so the list of areas
 * (areas/registry.ts) adds nothing to the first screen's bundle but these lines.
 */

/**
 * A section's screen: its chunk with the stores it reads (their `root.<name>`), fetched before it
 * renders; or, for the welcome alone, a screen in the first screen's bundle. Sections sharing a
 * screen share one source (a preloaded screen renders without suspending).
 */
export type ScreenSource =
  | { readonly load: () => Promise<{ default: SectionScreen }>; readonly stores: readonly string[] }
  | { readonly inBundle: SectionScreen };

/**
 * A lazily loaded store's module, resolving to its class (built by RootStore on first use). Its
 * return type is written out (`(): Promise<typeof UnitsStore> =>`): RootStore's type is made from
 * these, and the stores' from RootStore's, so TypeScript cannot infer it.
 */
export type StoreSource = () => Promise<new (root: never) => object>;

export type StoreSources = Readonly<Record<string, StoreSource>>;

export interface AreaDefinition<A extends KioskArea, S extends StoreSources = Record<never, never>> {
  /** The area's name, for the compiler only (its folder is the name; nothing reads it at run time). */
  readonly area?: A;
  /** A screen for each section the area shows. */
  readonly screens: { readonly [K in SectionOf<A>]: ScreenSource };
  /** The area's stores, by their name on the root (`root.payBill`), in the order they are reset. */
  readonly stores: S;
}
