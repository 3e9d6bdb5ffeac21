import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { isPending } from '../../../models/loadable';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button';
import { LoadFailed } from '../../../components/LoadFailed';
import { SwipePanel } from '../../../components/card/SwipePanel';
import { Spinner } from '../../../components/Spinner';
import { Trivia } from '../../../components/trivia/Trivia';
import { useStores } from '../../../shared/stores/StoresProvider';
import { TerminalPanel } from '../../payment/TerminalPanel';
import { PayBillDialogs } from './PayBillDialogs';
import { CardFormView } from './CardFormView';
import { ResultView } from './ResultView';
import { UnitsView } from './UnitsView';
import './pay-bill.css';
import { afterTapPaint } from '../../../utils/after-paint';

/** The pay sub-section: loading, unit list, swipe or scan, card form, result (shell spec §2). */
export const PayView = observer(function PayView() {
  const { payBill } = useStores();
  const listed = payBill.unitList.state === 'ready';
  return (
    <>
      {isPending(payBill.unitList) && <LoadingView />}
      {payBill.unitList.state === 'failed' && <UnreachableView />}
      {listed && payBill.stage === 'units' && <UnitsView />}
      {listed && payBill.stage === 'swipe' && <SwipeView />}
      {listed && payBill.stage === 'card_form' && <CardFormView />}
      {listed && payBill.stage === 'result' && <ResultView />}
      <PayBillDialogs />
    </>
  );
});

/** 'We are locating your account.' with trivia, shown at least 2 seconds (shell spec §4). */
const LoadingView = observer(function LoadingView() {
  const { t } = useTranslation();
  return (
    <section className="pay-bill pay-bill--loading" aria-labelledby="pay-bill-loading-title">
      <h1 id="pay-bill-loading-title" className="pay-bill__title">
        {t('pay_bill.loading')}
      </h1>
      <Spinner />
      <Trivia />
    </section>
  );
});

/** The account did not load (no answer): PAY MY BILL, what happened, and Try again. */
const UnreachableView = observer(function UnreachableView() {
  const { t } = useTranslation();
  const { payBill } = useStores();
  return (
    <section className="pay-bill pay-bill--loading" aria-labelledby="pay-bill-unreachable-title">
      <h1 id="pay-bill-unreachable-title" className="pay-bill__title">
        {t('pay_bill.title')}
      </h1>
      <LoadFailed onRetry={() => void payBill.loadAccount()} />
    </section>
  );
});

/**
 * Payment: on the terminal when the kiosk has one (each selected unit in turn), else 'Please swipe
 * or scan your credit card' and ENTER CREDIT CARD MANUALLY.
 */
const SwipeView = observer(function SwipeView() {
  const { t } = useTranslation();
  const { payBill, payment } = useStores();
  return (
    <section className="pay-bill pay-bill--narrow" aria-labelledby="pay-bill-swipe-title">
      <h1 id="pay-bill-swipe-title" className="pay-bill__title">
        {t('pay_bill.swipe.title')}
      </h1>
      {!payment.methodsKnown ? (
        <Spinner />
      ) : payBill.paysOnTerminal ? (
        <TerminalStep />
      ) : (
        <SwipePanel
          onCard={payBill.cardStep.cardSwiped}
          onManual={payBill.cardStep.enterCardManually}
          title={t('pay_bill.swipe.prompt')}
          manualLabel={t('pay_bill.swipe.enter_manually')}
        />
      )}
      <div className="pay-bill__footer">
        <Button
          variant="secondary"
          onClick={() => afterTapPaint(payBill.backToUnits)}
          disabled={payment.inProgress}
          data-keypad-back
        >
          {t('pay_bill.back')}
        </Button>
      </div>
    </section>
  );
});

/** Each selected unit paid on the terminal in turn: the unit's number, then the terminal's panel. */
const TerminalStep = observer(function TerminalStep() {
  const { t } = useTranslation();
  const { payBill, payment } = useStores();
  const bill = payBill.payment;
  useEffect(() => {
    payBill.startOnTerminal();
  }, [payBill]);
  const unit = bill.terminalUnit;
  const start = unit ? bill.terminalStart(unit) : null;
  if (!unit || !start) return <Spinner />;
  return (
    <>
      <p className="pay-bill__terminal-unit" data-private>
        {t('pay_bill.unit.title', { unit: unit.space.unit_number })}
      </p>
      <TerminalPanel
        key={unit.key}
        start={start}
        onApproved={payBill.terminalApproved}
        declinedText={t('pay_bill.status.payment_failed')}
        onUseCard={
          payment.cardOffered && bill.processingKeys.length === bill.terminalQueue.length
            ? payBill.useCardInstead
            : undefined
        }
      />
    </>
  );
});
