import { observer } from 'mobx-react-lite';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button';
import { accessSentence } from '../payment-access';
import { PrintReceipt } from '../../../components/printer/PrintReceipt';
import { TerminalReceiptLines } from '../../payment/TerminalReceiptLines';
import { Spinner } from '../../../components/Spinner';
import { paymentReceipt } from '../receipts';
import { useStores } from '../../../shared/stores/StoresProvider';
import { displayLocale } from '../../../utils/locale';
import { SigningOverlay } from './SigningOverlay';
import { afterTapPaint } from '../../../utils/after-paint';

const SUCCESS_KEYS = new Set<string>([
  'pay_bill.status.autopay_cancelled',
  'pay_bill.status.card_update_successful',
  'pay_bill.status.autopay_enroll_successful',
  'pay_bill.status.payment_success',
]);

/**
 * The result screen (shell spec §2 state 5, §4 "Submit"): Payment Processing... until every
 * selected unit has answered, then Congratulations / Your payment has been made or Oops! / Some of
 * your payment did not go through, each unit's statuses (and, for a unit that was locked out, what
 * the payment did to its access), and the footer buttons: make another payment and log out, or
 * cancel and use a different card.
 */
export const ResultView = observer(function ResultView() {
  const { t } = useTranslation();
  const root = useStores();
  const { payBill } = root;
  const { payment } = payBill;
  const { processing, succeeded } = payment;
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!processing) heading.current?.focus();
  }, [processing]);

  return (
    <section className="pay-bill pay-bill--narrow pay-result" aria-labelledby="pay-result-title">
      <h1 id="pay-result-title" className="pay-bill__title" ref={heading} tabIndex={-1}>
        {processing
          ? t('pay_bill.result.processing')
          : succeeded
            ? t('pay_bill.result.success_title')
            : t('pay_bill.result.failure_title')}
      </h1>
      {processing && !payment.signing && <Spinner label={t('pay_bill.result.processing')} />}
      {!processing && succeeded && payment.paymentMade && (
        <p className="pay-result__message">{t('pay_bill.result.success_message')}</p>
      )}
      {!processing && !succeeded && payment.paymentFailed && (
        <p className="pay-result__message">{t('pay_bill.result.failure_message')}</p>
      )}
      <ul className="pay-result__units" aria-live="polite">
        {payment.processedUnits.map((unit) => (
          <li key={unit.key} className="pay-result__unit">
            <span className="pay-result__unit-name">{t('pay_bill.unit.title', { unit: unit.space.unit_number })}</span>
            <span className="pay-result__statuses">
              {unit.statusKeys.map((key) => (
                <span
                  key={key}
                  className={
                    SUCCESS_KEYS.has(key)
                      ? 'pay-result__status pay-result__status--ok'
                      : 'pay-result__status pay-result__status--error'
                  }
                >
                  {t(key)}
                </span>
              ))}
            </span>
            {unit.access && <p className="pay-result__access">{accessSentence(unit.access, t, displayLocale())}</p>}
          </li>
        ))}
      </ul>
      {!processing && payment.autopayByOffice && <p className="pay-result__message">{t('payment.autopay.office')}</p>}
      {!processing && payment.terminalReceipt && <TerminalReceiptLines receipt={payment.terminalReceipt} />}
      {!processing && <PrintReceipt build={() => paymentReceipt(root, t)} />}
      {!processing && (
        <div className="pay-bill__footer">
          {succeeded ? (
            <>
              <Button onClick={() => afterTapPaint(payBill.reloadList)}>
                {t('pay_bill.result.make_another_payment')}
              </Button>
              <Button variant="secondary" onClick={payBill.logOut}>
                {t('pay_bill.result.log_out')}
              </Button>
            </>
          ) : (
            <>
              <Button variant="danger" onClick={() => afterTapPaint(payBill.reloadList)}>
                {t('pay_bill.result.cancel')}
              </Button>
              <Button onClick={() => afterTapPaint(payBill.reloadList)}>
                {t('pay_bill.result.use_different_card')}
              </Button>
            </>
          )}
        </div>
      )}
      {payment.signing && <SigningOverlay />}
    </section>
  );
});
