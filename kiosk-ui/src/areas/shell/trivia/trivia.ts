import { TRIVIA_QUESTIONS, type TriviaQuestion } from './questions';

/** Returns a number in [0, 1), like Math.random; tests inject a seeded one. */
export type Random = () => number;

export type TriviaAnswer =
  | { status: 'open' }
  | { status: 'correct' | 'wrong'; picked: number; rightAnswer: number }
  | { status: 'revealed'; rightAnswer: number };

/** The quiz (rental §4 Trivia): shuffled questions, one at a time, answered or revealed, then the next. */
export interface TriviaState {
  questions: readonly TriviaQuestion[];
  /** Indexes into `questions`, in the order they are asked. */
  order: readonly number[];
  position: number;
  answer: TriviaAnswer;
}

/** Fisher–Yates shuffle; a new array, the input untouched. */
export function shuffle<T>(items: readonly T[], random: Random = Math.random): T[] {
  const result = [...items];
  for (let i = result.length - 1; i > 0; i -= 1) {
    const j = Math.min(Math.floor(random() * (i + 1)), i);
    [result[i], result[j]] = [result[j] as T, result[i] as T];
  }
  return result;
}

function shuffledOrder(count: number, random: Random): number[] {
  return shuffle(
    Array.from({ length: count }, (_, i) => i),
    random,
  );
}

export function startTrivia(
  random: Random = Math.random,
  questions: readonly TriviaQuestion[] = TRIVIA_QUESTIONS,
): TriviaState {
  return { questions, order: shuffledOrder(questions.length, random), position: 0, answer: { status: 'open' } };
}

export function currentQuestion(state: TriviaState): TriviaQuestion {
  const question = state.questions[state.order[state.position] ?? -1];
  if (!question) throw new Error('The trivia has no questions');
  return question;
}

/** Picking an option tells correct or wrong with the right answer; a question is answered only once. */
export function pickAnswer(state: TriviaState, option: number): TriviaState {
  const question = currentQuestion(state);
  if (
    state.answer.status !== 'open' ||
    !Number.isInteger(option) ||
    option < 0 ||
    option >= question.optionKeys.length
  ) {
    return state;
  }
  return {
    ...state,
    answer: { status: option === question.answer ? 'correct' : 'wrong', picked: option, rightAnswer: question.answer },
  };
}

/** See Answer reveals the right option without counting as a guess. */
export function seeAnswer(state: TriviaState): TriviaState {
  if (state.answer.status !== 'open') return state;
  return { ...state, answer: { status: 'revealed', rightAnswer: currentQuestion(state).answer } };
}

/**
 * Moves to the next question. After the last one the questions are shuffled again; the new round
 * never opens with the question just asked, so a visitor never sees the same question twice in a row.
 */
export function nextQuestion(state: TriviaState, random: Random = Math.random): TriviaState {
  if (state.position + 1 < state.order.length) {
    return { ...state, position: state.position + 1, answer: { status: 'open' } };
  }
  const order = shuffledOrder(state.questions.length, random);
  const last = state.order[state.position];
  if (order.length > 1 && order[0] === last) {
    [order[0], order[1]] = [order[1] as number, order[0] as number];
  }
  return { ...state, order, position: 0, answer: { status: 'open' } };
}

/** i18n key of the right answer's text, once the question is answered or revealed. */
export function rightAnswerKey(state: TriviaState): TriviaQuestion['optionKeys'][number] | null {
  if (state.answer.status === 'open') return null;
  return currentQuestion(state).optionKeys[state.answer.rightAnswer] ?? null;
}
