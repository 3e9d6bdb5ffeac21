import { makeAutoObservable } from 'mobx';
import type { TriviaQuestion } from './trivia/questions';
import {
  currentQuestion,
  nextQuestion,
  pickAnswer,
  rightAnswerKey,
  seeAnswer,
  startTrivia,
  type Random,
  type TriviaAnswer,
  type TriviaState,
} from './trivia/trivia';
import type { RootStore } from '../../stores/RootStore';

/**
 * The trivia quiz shown while waiting (rental spec §4 "Trivia", shell spec §2): 15 shuffled
 * questions of 3 options; the visitor picks an answer or asks to see it, is told correct or wrong
 * with the right answer, and moves on. One quiz per visit: leaving a waiting screen and reaching
 * the next one continues where the visitor was. The rules are in trivia/trivia.ts.
 */
export class TriviaStore {
  state: TriviaState;
  private random: Random = Math.random;

  constructor(readonly root: RootStore) {
    this.state = startTrivia(this.random);
    makeAutoObservable<this, 'random'>(this, { root: false, random: false }, { autoBind: true });
  }

  get question(): TriviaQuestion {
    return currentQuestion(this.state);
  }

  get answer(): TriviaAnswer {
    return this.state.answer;
  }

  get answered(): boolean {
    return this.state.answer.status !== 'open';
  }

  /** i18n key of the right option, once answered or revealed. */
  get rightAnswerKey(): TriviaQuestion['optionKeys'][number] | null {
    return rightAnswerKey(this.state);
  }

  pick(option: number): void {
    this.state = pickAnswer(this.state, option);
  }

  seeAnswer(): void {
    this.state = seeAnswer(this.state);
  }

  next(): void {
    this.state = nextQuestion(this.state, this.random);
  }

  /** A new shuffle; tests pass a seeded random. */
  restart(random: Random = this.random): void {
    this.random = random;
    this.state = startTrivia(random);
  }

  /** Forget everything the last visitor did (RootStore.resetAll, when a session ends). */
  reset(): void {
    this.restart(Math.random);
  }
}
