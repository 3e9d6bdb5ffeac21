import { makeAutoObservable } from 'mobx';
import type { RootStore } from './RootStore';

/** The rental flow's section when it is (re)opened (rental spec §2: detail_page is the default). */
export const DEFAULT_RENTAL_SECTION = 'detail_page';

/**
 * The rental and reservation flow: the active rental section, the flow list in use (rental or
 * reservation), the held space, the rental model, move-in cost and the process/confirm results
 * (rental spec §2-§4). To be filled by the rental engineer; only `section` exists now because the
 * shell hides the sidebar on some rental sections.
 */
export class RentalStore {
  /** One of the rental spec's section names; the rental engineer narrows the type. */
  section: string = DEFAULT_RENTAL_SECTION;

  constructor(readonly root: RootStore) {
    makeAutoObservable(this, { root: false }, { autoBind: true });
  }

  reset(): void {
    this.section = DEFAULT_RENTAL_SECTION;
  }
}
