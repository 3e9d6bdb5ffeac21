import type { TerminalPaymentStart, TerminalPaymentState, TerminalReceipt } from '@kiosk/shared-types';
import { observer } from 'mobx-react-lite';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';
import { useStores } from '../../shared/stores/StoresProvider';
import { formatMoney } from '../../utils/money';
import { terminalMessageKey } from './terminal-texts';
// The swipe panel's box, picture and title, so both ways to pay look alike.
import '../../components/card/card.css';
import './payment.css';
import { afterTapPaint } from '../../utils/after-paint';

export interface TerminalPanelProps {
  /** What to charge: started when the panel shows, unless a payment is already followed. */
  start: TerminalPaymentStart;
  /** The terminal approved (and the daemon recorded it with the operator): the purpose call goes on. */
  onApproved: (payment: TerminalPaymentState & { receipt: TerminalReceipt }) => void;
  /** The area's own words for a declined card (as the reader's decline says it). */
  declinedText?: string;
  /** 'Swipe or type a card instead', when the kiosk offers the reader or typed entry too. */
  onUseCard?: () => void;
  /** The title's heading level inside the caller's page. */
  headingLevel?: 2 | 3;
}

/**
 * Paying on the chip and contactless terminal (docs/payment.md): "Tap, insert or swipe your card on
 * the terminal" with the amount, the terminal's progress in a status region (so the screen reader
 * and the kiosk's speech say each stage), Cancel while the terminal waits, and after a decline or a
 * cancel Try again, which starts a new payment. A failure (no answer, offline, a bad answer) sends
 * the visitor to the Facility Manager and offers nothing that could charge twice.
 *
 * Kept small on purpose: it re-renders on each stage, never the screen around it (the payment
 * step's taps are measured: docs/performance.md).
 */
export const TerminalPanel = observer(function TerminalPanel({
  start,
  onApproved,
  declinedText,
  onUseCard,
  headingLevel = 2,
}: TerminalPanelProps) {
  const { t } = useTranslation();
  const { payment } = useStores();
  const titleId = useId();
  const startRef = useRef(start);
  const onApprovedRef = useRef(onApproved);
  useEffect(() => {
    onApprovedRef.current = onApproved;
  });

  useEffect(() => {
    // A payment still followed (the screen came back, the socket reconnected) goes on; no second one.
    if (!payment.inProgress && !payment.approved) void payment.start(startRef.current);
    return () => payment.leave();
  }, [payment]);

  const approved = payment.approved;
  useEffect(() => {
    if (approved) onApprovedRef.current(approved);
  }, [approved]);

  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const stage = payment.stage;
  const messageKey = terminalMessageKey(payment.step, stage, payment.refusal);
  const message = stage === 'declined' && declinedText ? declinedText : messageKey ? t(messageKey) : null;
  const waiting = payment.inProgress;
  const problem = stage === 'failed' || payment.step === 'refused' || stage === 'declined';
  const amountCents = payment.payment?.amountCents ?? start.amountCents;

  return (
    <section className="swipe-panel terminal-panel" aria-labelledby={titleId}>
      <div className="swipe-panel__picture" aria-hidden="true">
        <svg viewBox="0 0 120 160" width="150" height="200" focusable="false">
          <rect x="20" y="8" width="80" height="144" rx="12" fill="currentColor" opacity="0.85" />
          <rect x="30" y="20" width="60" height="40" rx="4" fill="#ffffff" opacity="0.9" />
          <path d="M45 80 q15 -12 30 0 M50 92 q10 -8 20 0" stroke="#ffffff" strokeWidth="5" fill="none" />
        </svg>
      </div>
      <Heading id={titleId} className="swipe-panel__title">
        {t('payment.terminal.prompt')}
      </Heading>
      <p className="terminal-panel__amount">
        {amountCents > 0
          ? t('payment.terminal.amount', { amount: formatMoney(amountCents / 100, { cents: true }) })
          : t('payment.terminal.amount_card_check')}
      </p>
      <div className="terminal-panel__status" role="status" aria-live="polite">
        {message && (
          <p
            className={problem ? 'terminal-panel__problem' : 'terminal-panel__stage'}
            data-stage={stage ?? payment.step}
          >
            {waiting && <span className="kiosk-spinner__wheel terminal-panel__wheel" aria-hidden="true" />}
            {message}
          </p>
        )}
      </div>
      <div className="terminal-panel__actions">
        {waiting && stage !== null && (
          <Button variant="danger" onClick={() => afterTapPaint(() => void payment.cancel())}>
            {t('payment.terminal.cancel')}
          </Button>
        )}
        {payment.canRetry && (
          <Button variant="primary" onClick={() => afterTapPaint(() => void payment.retry())}>
            {t('payment.terminal.try_again')}
          </Button>
        )}
        {onUseCard && !waiting && !approved && (
          <Button variant="link" onClick={() => afterTapPaint(onUseCard)}>
            {t('payment.terminal.use_card_instead')}
          </Button>
        )}
      </div>
    </section>
  );
});
