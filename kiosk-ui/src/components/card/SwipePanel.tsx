import { CARD_READER, type DecryptedCardSwipe } from '@kiosk/shared-types';
import { observer } from 'mobx-react-lite';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../shared/stores/StoresProvider';
import { Button } from '../Button';
import './card.css';
import { afterTapPaint } from '../../utils/after-paint';

export interface SwipePanelProps {
  /** A card was read: take it (it is handed over once and forgotten by the DeviceStore). */
  onCard: (card: DecryptedCardSwipe) => void;
  /** 'Enter credit card manually' (also offered when the reader is down or the swipe failed). */
  onManual: () => void;
  /** Defaults to 'Please swipe your credit card' (pay bill: 'Please swipe or scan your credit card'). */
  title?: string;
  /** Defaults to 'Enter credit card manually' (pay bill: 'ENTER CREDIT CARD MANUALLY'). */
  manualLabel?: string;
  /** The title's heading level inside the caller's page. */
  headingLevel?: 2 | 3;
}

/**
 * Swipe or type a card (rental §2 "Card swipe", shell §4 "Make a payment"): asks the daemon for a
 * swipe as soon as it shows (after a reader health check), waits for the card, and hands the
 * decrypted card to `onCard`. A reader known to be down is said at once, and every failure
 * offers manual entry; leaving the panel cancels the swipe.
 *
 * The wait for the card is a time limit (DeviceStore): CARD_READER.warningAtSecondsLeft before it
 * ends the panel says so (the status region, once; the seconds left as a timer, not read out each
 * second) and offers More time, which takes the focus when the focus is not in a field, so a
 * keypad's Enter answers it.
 */
export const SwipePanel = observer(function SwipePanel({
  onCard,
  onManual,
  title,
  manualLabel,
  headingLevel = 2,
}: SwipePanelProps) {
  const { t } = useTranslation();
  const { device } = useStores();
  const titleId = useId();
  const onCardRef = useRef(onCard);
  useEffect(() => {
    onCardRef.current = onCard;
  });

  useEffect(() => {
    void device.startSwipe();
    return () => {
      void device.cancelSwipe();
    };
  }, [device]);

  const card = device.phase === 'read' ? device.swipe : null;
  useEffect(() => {
    if (!card) return;
    const taken = device.takeSwipe();
    if (taken) onCardRef.current(taken);
  }, [card, device]);

  const moreTimeId = `${titleId}-more-time`;
  const warning = device.waitWarning;
  useEffect(() => {
    if (!warning) return;
    const focused = document.activeElement;
    if (focused === null || focused === document.body || focused.closest('.swipe-panel') !== null)
      document.getElementById(moreTimeId)?.focus();
  }, [warning, moreTimeId]);

  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const failed = device.phase === 'failed';
  const readerDown = failed && device.swipeError?.reason === 'reader-down';
  // Worded by the catalogue (the visitor's language), not by the daemon's English message.
  const failure = device.swipeError?.reason;
  const message = readerDown
    ? t('rental.card.reader_down')
    : failed
      ? failure && failure !== 'reader-down'
        ? t(`rental.card.swipe_failed.${failure}`)
        : t('rental.card.reader_down')
      : null;

  return (
    <section className="swipe-panel" aria-labelledby={titleId}>
      <div className="swipe-panel__picture" aria-hidden="true">
        <svg viewBox="0 0 160 110" width="240" height="165" focusable="false">
          <rect x="8" y="30" width="144" height="72" rx="10" fill="currentColor" opacity="0.15" />
          <rect x="30" y="8" width="100" height="64" rx="8" fill="currentColor" opacity="0.85" />
          <rect x="30" y="20" width="100" height="10" fill="#ffffff" opacity="0.9" />
          <path d="M80 80 v22 m-10 -10 l10 10 l10 -10" stroke="currentColor" strokeWidth="5" fill="none" />
        </svg>
      </div>
      <Heading id={titleId} className="swipe-panel__title">
        {title ?? t('rental.card.swipe_title')}
      </Heading>
      <div className="swipe-panel__status" role="status" aria-live="polite">
        {(device.phase === 'checking' || device.phase === 'waiting') && (
          <p className="swipe-panel__waiting">
            <span className="kiosk-spinner__wheel swipe-panel__wheel" aria-hidden="true" />
            {t('rental.card.waiting')}
          </p>
        )}
        {message && <p className="swipe-panel__error">{message}</p>}
        {warning && (
          <p className="kiosk-visually-hidden">
            {t('rental.card.wait_warning', { count: CARD_READER.warningAtSecondsLeft })}
          </p>
        )}
      </div>
      {warning && (
        <div className="swipe-panel__time">
          <p className="swipe-panel__time-left" role="timer" aria-atomic="true">
            {t('rental.card.wait_ending', { count: device.waitSecondsLeft ?? 0 })}
          </p>
          <Button id={moreTimeId} variant="primary" onClick={() => void device.moreTime()}>
            {t('rental.card.more_time')}
          </Button>
        </div>
      )}
      <div className="swipe-panel__actions">
        {failed && !readerDown && (
          <Button variant="secondary" onClick={() => void device.startSwipe()}>
            {t('rental.card.swipe_again')}
          </Button>
        )}
        <Button
          variant={failed ? 'primary' : 'link'}
          className="swipe-panel__manual"
          onClick={() => afterTapPaint(onManual)}
        >
          {manualLabel ?? t('rental.card.enter_manually')}
        </Button>
      </div>
    </section>
  );
});
