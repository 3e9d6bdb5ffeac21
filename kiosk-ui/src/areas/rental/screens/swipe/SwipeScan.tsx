import type { DecryptedCardSwipe } from '@kiosk/shared-types';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/Button';
import { SwipePanel } from '../../../../components/card/SwipePanel';
import { Spinner } from '../../../../components/Spinner';
import { useStores } from '../../../../shared/stores/StoresProvider';
import { formatMoney } from '../../../../utils/money';
import { SectionFrame } from '../SectionFrame';
import { SIDE_PANEL_TOTAL_ID } from '../SidePanel';
import type { RentalSectionProps } from '../../../../sections/screen-props';
import '../checkout.css';
import { afterTapPaint } from '../../../../utils/after-paint';

/**
 * Card swipe (rental §2): 'Please swipe your credit card' with 'Enter credit card manually'. A
 * swiped card fills name, number and expiry on card_details (CVV left to type); manual entry goes
 * there empty. With a payment terminal (docs/payment.md) the step says the card is read on the
 * terminal once the documents are signed, asks autopay when the facility does, and Complete Rental
 * goes on to the documents.
 */
export default observer(function SwipeScan(_props: RentalSectionProps) {
  const { payment, checkout } = useStores();
  useEffect(() => {
    void payment.loadMethods();
  }, [payment]);
  if (!payment.methodsKnown) return <CardStepFrame />;
  return checkout.paysOnTerminal ? <TerminalCardStep /> : <SwipeStep />;
});

/** While the kiosk's ways to pay are asked (a local call): the step's frame with a spinner. */
function CardStepFrame() {
  const { t } = useTranslation();
  return (
    <SectionFrame title={t('rental.card.details_title')} hideDone>
      <Spinner />
    </SectionFrame>
  );
}

const SwipeStep = observer(function SwipeStep() {
  const { t } = useTranslation();
  const { rental, checkout } = useStores();
  const onCard = (card: DecryptedCardSwipe) => {
    checkout.applySwipe(card);
    rental.done();
  };
  const onManual = () => {
    checkout.clearCard();
    rental.setCardSwiped(false);
    rental.done();
  };
  return (
    <SectionFrame title={t('rental.card.details_title')} hideDone>
      <SwipePanel onCard={onCard} onManual={onManual} />
      <p className="checkout-note">{t('rental.card.other_payments')}</p>
    </SectionFrame>
  );
});

/**
 * The card on the terminal: the amount, when it is charged, the autopay choice (on the terminal's
 * card where the operator takes it, else the office sets it up), and Complete Rental.
 */
const TerminalCardStep = observer(function TerminalCardStep() {
  const { t } = useTranslation();
  const { rental, checkout, config, payment } = useStores();
  const settings = config.facility;
  const autopayAsked = Boolean(settings?.autopay_required || settings?.autopay_always_required);
  const [autoDebit, setAutoDebit] = useState(rental.model.auto_debit);
  const amount = formatMoney(checkout.terminalAmountCents / 100, { cents: true });
  return (
    <SectionFrame
      title={t('rental.card.details_title')}
      doneLabel={t('rental.card.complete_rental')}
      doneDescribedBy={SIDE_PANEL_TOTAL_ID}
      onDone={() => checkout.completeOnTerminal(autopayAsked ? { auto_debit: autoDebit } : {})}
      footer={
        payment.cardOffered ? (
          <Button variant="secondary" onClick={() => afterTapPaint(checkout.useCardInstead)}>
            {t('payment.terminal.use_card_instead')}
          </Button>
        ) : undefined
      }
    >
      <div className="rental-form card-details">
        <p className="checkout-terminal__lead">{t('payment.terminal.rental_when', { amount })}</p>
        {autopayAsked && (
          <div className="checkout-terminal__autopay">
            <label className="checkout-check">
              <input
                type="checkbox"
                checked={autoDebit}
                disabled={Boolean(settings?.autopay_always_required)}
                onChange={(event) => setAutoDebit(event.target.checked)}
              />
              <span>{t('rental.card.auto_debit')}</span>
            </label>
            {autoDebit && (
              <p className="checkout-note">
                {t(payment.offered.terminalAutopay ? 'payment.autopay.on_terminal' : 'payment.autopay.office')}
              </p>
            )}
          </div>
        )}
        <p className="checkout-note">{t('rental.card.credit_only')}</p>
      </div>
    </SectionFrame>
  );
});
