import { makeAutoObservable } from 'mobx';
import type { RootStore } from './RootStore';

/**
 * Pay My Bill and autopay: user items and their spaces, per-unit payment models, pre-pay charges,
 * the running grand total, payment/enrolment/cancel results and the pay-bill sub-section
 * (shell spec §2 "Pay My Bill screen states", §4). To be filled by the billing engineer.
 */
export class BillingStore {
  constructor(readonly root: RootStore) {
    makeAutoObservable(this, { root: false }, { autoBind: true });
  }

  /** Forget everything the last visitor did (RootStore.resetAll, when a session ends). */
  reset(): void {}
}
