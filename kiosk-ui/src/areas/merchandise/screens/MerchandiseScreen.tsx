import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button';
import { PayCardForm } from '../../../components/card/PayCardForm';
import { SwipePanel } from '../../../components/card/SwipePanel';
import { Spinner } from '../../../components/Spinner';
import { useStores } from '../../../shared/stores/StoresProvider';
import { TerminalPanel } from '../../payment/TerminalPanel';
import type { SectionScreenProps } from '../../../sections/screen-props';
import { ListView } from './ListView';
import { ResultView } from './ResultView';
// The card form and its total bar are Pay My Bill's (components/card/PayCardForm.tsx), laid out
// by its stylesheet.
import '../../pay-bill/screens/pay-bill.css';
import './merchandise.css';
import { afterTapPaint } from '../../../utils/after-paint';

/**
 * Boxes & Supplies (docs/merchandise.md): the supplies list with the basket, then the swipe, the
 * card form and the sale's answer, as Pay My Bill pays. The basket stays until the visit ends.
 */
const MerchandiseScreen = observer(function MerchandiseScreen(_props: SectionScreenProps) {
  const { merchandise } = useStores();
  useEffect(() => {
    void merchandise.open();
  }, [merchandise]);

  switch (merchandise.stage) {
    case 'list':
      return <ListView />;
    case 'swipe':
      return <SwipeView />;
    case 'card_form':
      return <CardFormView />;
    case 'processing':
      return <ProcessingView />;
    case 'result':
      return <ResultView />;
  }
});

export default MerchandiseScreen;

/**
 * The payment step: on the terminal when the kiosk has one ('Tap, insert or swipe your card on the
 * terminal'), else 'Please swipe your credit card' with 'Enter credit card manually'; Back to the
 * basket.
 */
const SwipeView = observer(function SwipeView() {
  const { t } = useTranslation();
  const { merchandise, payment } = useStores();
  return (
    <section className="pay-bill pay-bill--narrow" aria-labelledby="merch-swipe-title">
      <h1 id="merch-swipe-title" className="pay-bill__title">
        {t('merchandise.swipe.title')}
      </h1>
      {!payment.methodsKnown ? (
        <Spinner />
      ) : merchandise.paysOnTerminal ? (
        <TerminalPanel
          start={{ purpose: 'merchandise', amountCents: merchandise.terminalAmountCents }}
          onApproved={(paid) => void merchandise.paidOnTerminal(paid)}
          declinedText={t('merchandise.result.declined')}
          onUseCard={payment.cardOffered ? merchandise.useCardInstead : undefined}
        />
      ) : (
        <SwipePanel
          onCard={merchandise.cardStep.cardSwiped}
          onManual={merchandise.cardStep.enterCardManually}
          title={t('merchandise.swipe.prompt')}
          manualLabel={t('merchandise.swipe.enter_manually')}
        />
      )}
      <div className="pay-bill__footer">
        <Button variant="secondary" onClick={() => afterTapPaint(merchandise.backToBasket)} data-keypad-back>
          {t('merchandise.result.back_to_basket')}
        </Button>
      </div>
    </section>
  );
});

const CardFormView = observer(function CardFormView() {
  const { t } = useTranslation();
  const { merchandise } = useStores();
  return (
    <PayCardForm
      title={t('merchandise.card_form.title')}
      titleId="merch-card-title"
      cardStep={merchandise.cardStep}
      formId="merch-card-form"
      total={merchandise.totals.total}
      totalLabel={t('merchandise.card_form.total')}
      submitLabel={t('merchandise.card_form.submit')}
      onSubmit={merchandise.submit}
      onBack={merchandise.backToBasket}
    />
  );
});

const ProcessingView = observer(function ProcessingView() {
  const { t } = useTranslation();
  return (
    <section className="pay-bill pay-bill--narrow pay-bill--loading" aria-labelledby="merch-processing-title">
      <h1 id="merch-processing-title" className="pay-bill__title">
        {t('merchandise.processing')}
      </h1>
      <Spinner label={t('merchandise.processing')} />
    </section>
  );
});
