import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { en } from '../../i18n/en';
import '../../i18n';
import { StoresProvider } from '../../shared/stores/StoresProvider';
import { createTestRoot } from '../../test/fakes';
import { TRIVIA_QUESTIONS } from '../../areas/shell/trivia/questions';
import { Trivia } from './Trivia';

afterEach(cleanup);

/** Deterministic generator (mulberry32). */
function seeded(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type QuestionId = keyof typeof en.trivia.questions;
const text = (id: QuestionId) => en.trivia.questions[id];

function renderTrivia(seed = 7) {
  const { root } = createTestRoot();
  root.trivia.restart(seeded(seed));
  render(
    <StoresProvider root={root}>
      <Trivia />
    </StoresProvider>,
  );
  return root;
}

/** The question on screen and its texts. */
function shown(root: ReturnType<typeof renderTrivia>) {
  const question = root.trivia.question;
  const texts = text(question.id);
  const options = [texts.a, texts.b, texts.c];
  return { question, texts, options, right: options[question.answer] ?? '' };
}

describe('TriviaStore', () => {
  it('asks all 15 questions once each in a shuffled order, then starts a new round', () => {
    const root = createTestRoot().root;
    root.trivia.restart(seeded(3));
    const asked: string[] = [];
    for (let i = 0; i < 15; i += 1) {
      asked.push(root.trivia.question.id);
      root.trivia.seeAnswer();
      root.trivia.next();
    }
    expect(new Set(asked).size).toBe(15);
    expect(asked).not.toEqual(TRIVIA_QUESTIONS.map((question) => question.id));
    expect(root.trivia.answered).toBe(false);
    expect(root.trivia.question.id).not.toBe(asked[14]);
  });

  it('is shuffled again when a session ends', () => {
    const root = createTestRoot().root;
    root.trivia.pick(0);
    root.resetAll();
    expect(root.trivia.answered).toBe(false);
  });
});

describe('Trivia', () => {
  it('shows a question with its 3 options and See Answer', () => {
    const root = renderTrivia();
    const { texts, options } = shown(root);
    expect(screen.getByRole('heading', { name: 'Trivia' })).toBeTruthy();
    expect(screen.getByText(texts.question)).toBeTruthy();
    const group = screen.getByRole('group', { name: texts.question });
    expect([...group.querySelectorAll('button')].map((button) => button.textContent)).toEqual(options);
    expect(screen.getByRole('button', { name: 'See Answer' })).toBeTruthy();
  });

  it('says Correct! for the right pick, with the right answer, then moves to the next question', () => {
    const root = renderTrivia();
    const first = shown(root);
    fireEvent.click(screen.getByRole('button', { name: first.right }));
    expect(screen.getByText('Correct!')).toBeTruthy();
    expect(screen.getByText(`The right answer is: ${first.right}`)).toBeTruthy();
    expect(screen.getByRole('button', { name: first.right }).getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(screen.getByRole('button', { name: 'Next Question' }));
    const second = shown(root);
    expect(second.question.id).not.toBe(first.question.id);
    expect(screen.getByText(second.texts.question)).toBeTruthy();
    expect(screen.queryByText('Correct!')).toBeNull();
    expect(screen.getByRole('button', { name: 'See Answer' })).toBeTruthy();
  });

  it('says Wrong! for another pick and shows the right answer; a second pick changes nothing', () => {
    const root = renderTrivia();
    const { options, right } = shown(root);
    const wrong = options.find((option) => option !== right) ?? '';
    fireEvent.click(screen.getByRole('button', { name: wrong }));
    expect(screen.getByText('Wrong!')).toBeTruthy();
    expect(screen.getByText(`The right answer is: ${right}`)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: right }));
    expect(screen.queryByText('Correct!')).toBeNull();
    expect(screen.getByText('Wrong!')).toBeTruthy();
  });

  it('See Answer shows the right answer without a verdict', () => {
    const root = renderTrivia();
    const { right } = shown(root);
    fireEvent.click(screen.getByRole('button', { name: 'See Answer' }));
    expect(screen.getByText(`The right answer is: ${right}`)).toBeTruthy();
    expect(screen.queryByText('Correct!')).toBeNull();
    expect(screen.queryByText('Wrong!')).toBeNull();
    expect(screen.getByRole('button', { name: 'Next Question' })).toBeTruthy();
  });

  it('continues where the visitor was on the next waiting screen', () => {
    const root = renderTrivia();
    act(() => root.trivia.next());
    const current = root.trivia.question.id;
    cleanup();
    render(
      <StoresProvider root={root}>
        <Trivia />
      </StoresProvider>,
    );
    expect(screen.getByText(text(current).question)).toBeTruthy();
  });
});
