import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Trivia } from '../../../../components/trivia/Trivia';
import { useStores } from '../../../../shared/stores/StoresProvider';
import { TerminalPanel } from '../../../payment/TerminalPanel';
import { SectionFrame } from '../SectionFrame';
import type { RentalSectionProps } from '../../../../sections/screen-props';
import '../checkout.css';

/**
 * Processing (rental §2 "Process screen"): the rental or the reservation runs as soon as this
 * shows, with trivia while the visitor waits; the store moves on to confirm_rental (or its error
 * page) when the answer comes. Paid on the terminal (docs/payment.md), the terminal takes the card
 * first: the rental runs once it approved.
 */
export default observer(function ProcessRental(_props: RentalSectionProps) {
  const { t } = useTranslation();
  const { checkout } = useStores();
  const awaitingTerminal = checkout.awaitingTerminal;
  useEffect(() => {
    if (!awaitingTerminal) void checkout.process();
  }, [checkout, awaitingTerminal]);
  if (awaitingTerminal) return <TerminalStep />;
  return (
    <SectionFrame
      title={checkout.isReservation ? t('rental.process.title_reservation') : t('rental.process.title')}
      hideDone
      hideCancel
      sidePanel={false}
    >
      <div className="process" role="status" aria-live="polite">
        <span className="kiosk-spinner__wheel" aria-hidden="true" />
        <p className="process__wait">{t('rental.process.wait')}</p>
      </div>
      <Trivia />
    </SectionFrame>
  );
});

/** The rental's total on the terminal; the rental runs once it approved. */
const TerminalStep = observer(function TerminalStep() {
  const { t } = useTranslation();
  const { checkout, payment } = useStores();
  return (
    <SectionFrame title={t('rental.card.details_title')} hideDone hideCancel={payment.inProgress}>
      <TerminalPanel
        start={{ purpose: 'rental', amountCents: checkout.terminalAmountCents }}
        onApproved={checkout.paidOnTerminal}
        declinedText={t('rental.confirm.card_failed')}
        onUseCard={payment.cardOffered ? checkout.useCardInstead : undefined}
      />
    </SectionFrame>
  );
});
