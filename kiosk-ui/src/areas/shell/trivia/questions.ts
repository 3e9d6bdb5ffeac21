import { TRIVIA } from '@kiosk/shared-types';

const IDS = [
  'q01',
  'q02',
  'q03',
  'q04',
  'q05',
  'q06',
  'q07',
  'q08',
  'q09',
  'q10',
  'q11',
  'q12',
  'q13',
  'q14',
  'q15',
] as const;
export type TriviaQuestionId = (typeof IDS)[number];
type OptionLetter = 'a' | 'b' | 'c';
const LETTERS: readonly OptionLetter[] = ['a', 'b', 'c'];

export interface TriviaQuestion {
  id: TriviaQuestionId;
  questionKey: `trivia.questions.${TriviaQuestionId}.question`;
  /** In the order shown. */
  optionKeys: readonly `trivia.questions.${TriviaQuestionId}.${OptionLetter}`[];
  /** Index into optionKeys of the right answer. */
  answer: number;
}

/** The right option of each question; the texts are in i18n/en/trivia.ts. */
const ANSWERS: Record<TriviaQuestionId, OptionLetter> = {
  q01: 'a',
  q02: 'b',
  q03: 'c',
  q04: 'a',
  q05: 'b',
  q06: 'c',
  q07: 'a',
  q08: 'b',
  q09: 'c',
  q10: 'a',
  q11: 'b',
  q12: 'c',
  q13: 'a',
  q14: 'b',
  q15: 'c',
};

export const TRIVIA_QUESTIONS: readonly TriviaQuestion[] = IDS.slice(0, TRIVIA.questions).map((id) => ({
  id,
  questionKey: `trivia.questions.${id}.question` as const,
  optionKeys: LETTERS.slice(0, TRIVIA.options).map((letter) => `trivia.questions.${id}.${letter}` as const),
  answer: LETTERS.indexOf(ANSWERS[id]),
}));
