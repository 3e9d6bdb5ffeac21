import { describe, expect, it } from 'vitest';
import { TRIVIA_QUESTIONS } from './questions';
import { currentQuestion, nextQuestion, pickAnswer, rightAnswerKey, seeAnswer, shuffle, startTrivia } from './trivia';

/** Deterministic generator (mulberry32) so every test run shuffles the same way. */
function seeded(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('shuffle', () => {
  it('keeps every item exactly once', () => {
    const items = Array.from({ length: 15 }, (_, i) => i);
    expect([...shuffle(items, seeded(1))].sort((a, b) => a - b)).toEqual(items);
  });

  it('changes the order with the random source', () => {
    const items = Array.from({ length: 15 }, (_, i) => i);
    expect(shuffle(items, seeded(1))).not.toEqual(items);
    expect(shuffle(items, seeded(1))).toEqual(shuffle(items, seeded(1)));
    expect(shuffle(items, seeded(2))).not.toEqual(shuffle(items, seeded(1)));
  });

  it('copes with a random source returning 1', () => {
    expect(shuffle([1, 2, 3], () => 0.9999999999999999).sort()).toEqual([1, 2, 3]);
  });
});

describe('trivia', () => {
  it('starts with a shuffled question, unanswered', () => {
    const state = startTrivia(seeded(3));
    expect(state.answer).toEqual({ status: 'open' });
    expect(state.order).toHaveLength(15);
    expect(state.order).not.toEqual([...state.order].sort((a, b) => a - b));
  });

  it('tells the visitor a right pick is correct', () => {
    const state = startTrivia(seeded(4));
    const q = currentQuestion(state);
    expect(pickAnswer(state, q.answer).answer).toEqual({ status: 'correct', picked: q.answer, rightAnswer: q.answer });
  });

  it('tells the visitor a wrong pick is wrong and gives the right answer', () => {
    const state = startTrivia(seeded(5));
    const q = currentQuestion(state);
    const wrong = (q.answer + 1) % 3;
    const answered = pickAnswer(state, wrong);
    expect(answered.answer).toEqual({ status: 'wrong', picked: wrong, rightAnswer: q.answer });
    expect(rightAnswerKey(answered)).toBe(q.optionKeys[q.answer]);
  });

  it('counts only the first pick', () => {
    const state = startTrivia(seeded(6));
    const q = currentQuestion(state);
    const first = pickAnswer(state, (q.answer + 1) % 3);
    expect(pickAnswer(first, q.answer)).toBe(first);
  });

  it('ignores an option that does not exist', () => {
    const state = startTrivia(seeded(6));
    expect(pickAnswer(state, 3)).toBe(state);
    expect(pickAnswer(state, -1)).toBe(state);
  });

  it('reveals the right answer on See Answer', () => {
    const state = startTrivia(seeded(7));
    const q = currentQuestion(state);
    const revealed = seeAnswer(state);
    expect(revealed.answer).toEqual({ status: 'revealed', rightAnswer: q.answer });
    expect(rightAnswerKey(revealed)).toBe(q.optionKeys[q.answer]);
    expect(rightAnswerKey(state)).toBeNull();
  });

  it('moves on to a new, unanswered question', () => {
    const state = pickAnswer(startTrivia(seeded(8)), 0);
    const next = nextQuestion(state, seeded(9));
    expect(next.answer).toEqual({ status: 'open' });
    expect(currentQuestion(next).id).not.toBe(currentQuestion(state).id);
  });

  it('asks all 15 questions before any repeats, then reshuffles', () => {
    const random = seeded(10);
    let state = startTrivia(random);
    const asked = [currentQuestion(state).id];
    for (let i = 1; i < 15; i += 1) {
      state = nextQuestion(state, random);
      asked.push(currentQuestion(state).id);
    }
    expect(new Set(asked).size).toBe(15);
    const firstRound = state.order;
    state = nextQuestion(state, random);
    expect(state.position).toBe(0);
    expect(state.order).not.toEqual(firstRound);
    expect(currentQuestion(state).id).not.toBe(asked[14]);
  });

  it('never repeats the last question at the start of the next round', () => {
    for (let seed = 0; seed < 50; seed += 1) {
      const random = seeded(seed);
      let state = startTrivia(random, TRIVIA_QUESTIONS.slice(0, 3));
      state = nextQuestion(nextQuestion(state, random), random);
      const last = currentQuestion(state).id;
      expect(currentQuestion(nextQuestion(state, random)).id).not.toBe(last);
    }
  });
});
