import { observer } from 'mobx-react-lite';
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../shared/stores/StoresProvider';
import { Button } from '../Button';
import './trivia.css';

/**
 * The trivia quiz for waiting screens (rental spec §4, shell spec §2): drop `<Trivia />` on any
 * screen where the visitor waits. One question at a time with its 3 options; after a pick or
 * See Answer the visitor is told correct or wrong and sees the right answer, then Next Question.
 * The verdict is in a polite live region, so screen readers hear it without losing their place.
 */
export const Trivia = observer(function Trivia() {
  const { t } = useTranslation();
  const { trivia } = useStores();
  const titleId = useId();
  const questionId = useId();
  const firstOption = useRef<HTMLButtonElement>(null);
  const { question, answer, answered, rightAnswerKey } = trivia;

  const next = () => {
    trivia.next();
    // The Next button goes away; the visitor continues at the new question's first option.
    firstOption.current?.focus({ preventScroll: true });
  };

  return (
    <section className="kiosk-trivia" aria-labelledby={titleId}>
      <h2 id={titleId} className="kiosk-trivia__title">
        {t('trivia.title')}
      </h2>
      <p id={questionId} className="kiosk-trivia__question">
        {t(question.questionKey)}
      </p>
      <div className="kiosk-trivia__options" role="group" aria-labelledby={questionId}>
        {question.optionKeys.map((key, index) => {
          const right = answered && answer.status !== 'open' && answer.rightAnswer === index;
          const picked = answer.status === 'correct' || answer.status === 'wrong' ? answer.picked === index : false;
          const classes = [
            'kiosk-trivia__option',
            right ? 'kiosk-trivia__option--right' : '',
            picked && !right ? 'kiosk-trivia__option--wrong' : '',
          ]
            .filter(Boolean)
            .join(' ');
          return (
            <button
              key={key}
              ref={index === 0 ? firstOption : undefined}
              type="button"
              className={classes}
              aria-pressed={picked}
              aria-disabled={answered}
              onClick={() => trivia.pick(index)}
            >
              <span className="kiosk-trivia__option-text">{t(key)}</span>
              {right && (
                <span className="kiosk-trivia__mark" aria-hidden="true">
                  ✓
                </span>
              )}
              {picked && !right && (
                <span className="kiosk-trivia__mark" aria-hidden="true">
                  ✗
                </span>
              )}
            </button>
          );
        })}
      </div>
      <div className="kiosk-trivia__result" aria-live="polite" aria-atomic="true">
        {answer.status === 'correct' && <p className="kiosk-trivia__verdict">{t('trivia.correct')}</p>}
        {answer.status === 'wrong' && <p className="kiosk-trivia__verdict">{t('trivia.wrong')}</p>}
        {rightAnswerKey !== null && (
          <p className="kiosk-trivia__right-answer">{t('trivia.right_answer', { answer: t(rightAnswerKey) })}</p>
        )}
      </div>
      <div className="kiosk-trivia__actions">
        {answered ? (
          <Button variant="primary" onClick={next}>
            {t('trivia.next')}
          </Button>
        ) : (
          <Button variant="secondary" onClick={trivia.seeAnswer}>
            {t('trivia.see_answer')}
          </Button>
        )}
      </div>
    </section>
  );
});
