import { makeAutoObservable } from 'mobx';
import type { RootStore } from './RootStore';

/**
 * The trivia quiz shown while waiting: 15 shuffled questions of 3 options, the chosen answer,
 * See Answer and next question (shell spec §2 "Trivia", TRIVIA constants). To be filled by the
 * trivia engineer.
 */
export class TriviaStore {
  constructor(readonly root: RootStore) {
    makeAutoObservable(this, { root: false }, { autoBind: true });
  }

  /** Forget everything the last visitor did (RootStore.resetAll, when a session ends). */
  reset(): void {}
}
