import { makeAutoObservable } from 'mobx';
import type { RootStore } from './RootStore';

/**
 * Identity verification: dossier, identity-provider session and token (kept 15 minutes), polling
 * of the verification status, OCR data and the phone hand-off (rental spec §2 "Verify identity",
 * §7 "Identity and documents"). To be filled by the identity engineer.
 */
export class IdentityStore {
  /**
   * True while the dossier status is being polled: the daemon holds back the idle warning then
   * (shell spec §4), so SessionStore reports it with every activity/context message.
   */
  dossierPolling = false;

  constructor(readonly root: RootStore) {
    makeAutoObservable(this, { root: false }, { autoBind: true });
  }

  reset(): void {
    this.dossierPolling = false;
  }
}
