import { makeAutoObservable } from 'mobx';
import type { RootStore } from './RootStore';

/**
 * Units and spaces of the facility for the detail page and the size guide: space types grouped by
 * category (UNIT_GROUPS), space search, live space statuses and details, amenities and media
 * (rental spec §2 "Detail page", "Size guide", §3). To be filled by the browse engineer.
 */
export class UnitsStore {
  constructor(readonly root: RootStore) {
    makeAutoObservable(this, { root: false }, { autoBind: true });
  }

  /** Forget everything the last visitor did (RootStore.resetAll, when a session ends). */
  reset(): void {}
}
