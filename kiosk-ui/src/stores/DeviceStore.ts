import { makeAutoObservable } from 'mobx';
import type { RootStore } from './RootStore';

/**
 * The card reader as the UI sees it: the current swipe request, its result or error from the
 * swipe-started / swipe-result / swipe-error events, and cancelling a swipe (shell spec §4
 * "Make a payment"). The reader's health status is kept by SessionStore from the events.
 * To be filled by the card-reader engineer.
 */
export class DeviceStore {
  constructor(readonly root: RootStore) {
    makeAutoObservable(this, { root: false }, { autoBind: true });
  }

  /** Forget everything the last visitor did (RootStore.resetAll, when a session ends). */
  reset(): void {}
}
