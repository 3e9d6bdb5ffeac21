import { TRIVIA } from '@kiosk/shared-types';
import type { ParseKeys } from 'i18next';
import { describe, expect, it } from 'vitest';
import { trivia } from '../../../i18n/en/trivia';
import { TRIVIA_QUESTIONS, type TriviaQuestion } from './questions';

/** Compile-time: the question and option keys are keys t() accepts. */
type ValidKeys<K extends ParseKeys> = K;
export type TriviaKeysCompile = ValidKeys<TriviaQuestion['questionKey'] | TriviaQuestion['optionKeys'][number]>;

function text(key: string): unknown {
  return key
    .split('.')
    .slice(1)
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], trivia);
}

describe('TRIVIA_QUESTIONS', () => {
  it('has 15 questions with 3 options each', () => {
    expect(TRIVIA_QUESTIONS).toHaveLength(TRIVIA.questions);
    expect(TRIVIA.questions).toBe(15);
    for (const q of TRIVIA_QUESTIONS) expect(q.optionKeys).toHaveLength(TRIVIA.options);
  });

  it('has exactly one right option per question', () => {
    for (const q of TRIVIA_QUESTIONS) {
      expect(Number.isInteger(q.answer)).toBe(true);
      expect(q.optionKeys[q.answer]).toBeDefined();
    }
  });

  it('has a text for every question and option, with no two options alike', () => {
    for (const q of TRIVIA_QUESTIONS) {
      expect(typeof text(q.questionKey)).toBe('string');
      const options = q.optionKeys.map(text);
      for (const option of options) expect(typeof option).toBe('string');
      expect(new Set(options).size).toBe(options.length);
    }
  });

  it('does not always put the right answer in the same place', () => {
    expect(new Set(TRIVIA_QUESTIONS.map((q) => q.answer)).size).toBe(3);
  });

  it('asks 15 different questions', () => {
    expect(new Set(TRIVIA_QUESTIONS.map((q) => text(q.questionKey))).size).toBe(15);
  });
});
