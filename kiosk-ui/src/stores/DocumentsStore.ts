import { isInsuranceDocument, type NonInteractiveDocument } from '@kiosk/shared-types';
import { makeAutoObservable } from 'mobx';
import type { RootStore } from './RootStore';

/**
 * Documents: the facility's non-interactive documents (loaded with the configuration; insurance
 * types vs lease documents, shell spec §3) now, and later the documents viewer and signing,
 * filled by the documents engineer.
 */
export class DocumentsStore {
  nonInteractive: NonInteractiveDocument[] = [];

  constructor(readonly root: RootStore) {
    makeAutoObservable(this, { root: false }, { autoBind: true });
  }

  /** Shown under Rental Documents. */
  get leaseDocuments(): NonInteractiveDocument[] {
    return this.nonInteractive.filter((doc) => !isInsuranceDocument(doc));
  }

  /** Shown under Protection Brochure. */
  get insuranceDocuments(): NonInteractiveDocument[] {
    return this.nonInteractive.filter((doc) => isInsuranceDocument(doc));
  }

  setNonInteractive(documents: NonInteractiveDocument[]): void {
    this.nonInteractive = documents;
  }

  /** The facility's documents are not visitor data: they stay for the next visitor. */
  reset(): void {}
}
