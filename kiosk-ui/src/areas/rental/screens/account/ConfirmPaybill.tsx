import { observer } from 'mobx-react-lite';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { accessSentence } from '../../../pay-bill/payment-access';
import { Button } from '../../../../components/Button';
import { PrintReceipt } from '../../../../components/printer/PrintReceipt';
import { Spinner } from '../../../../components/Spinner';
import { paymentReceipt } from '../../../pay-bill/receipts';
import { useStores } from '../../../../shared/stores/StoresProvider';
import { displayLocale } from '../../../../utils/locale';
import { formatMoney } from '../../../../utils/money';

const DATE = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: '2-digit', day: '2-digit' });

/**
 * The rental-side confirm_paybill screen (shell spec §2): 'Your payment has been made', what the
 * payment did to a locked-out unit's access, the payment history of the tenants just paid for (GET tenant/{tenant}/), Make Another Payment (the
 * unit list again) and Log out (the shell's logout).
 */
export const ConfirmPaybill = observer(function ConfirmPaybill() {
  const { t } = useTranslation();
  const root = useStores();
  const { payBill } = root;
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
    void payBill.loadPaymentHistory();
  }, [payBill]);
  const history = payBill.paymentHistory;

  return (
    <section className="pay-bill pay-bill--narrow confirm-paybill" aria-labelledby="confirm-paybill-title">
      <h1 id="confirm-paybill-title" className="pay-bill__title" ref={heading} tabIndex={-1}>
        {t('pay_bill.confirm_paybill.payment_made')}
      </h1>
      {payBill.payment.processedUnits.map(
        (unit) =>
          unit.access && (
            <p key={unit.key} className="pay-result__access">
              {t('pay_bill.unit.title', { unit: unit.space.unit_number })}:{' '}
              {accessSentence(unit.access, t, displayLocale())}
            </p>
          ),
      )}
      <h2 className="confirm-paybill__history-title" id="confirm-paybill-history">
        {t('pay_bill.confirm_paybill.history')}
      </h2>
      {history.state === 'ready' ? (
        <table className="confirm-paybill__history" aria-labelledby="confirm-paybill-history">
          <thead>
            <tr>
              <th scope="col">{t('pay_bill.confirm_paybill.date')}</th>
              <th scope="col">{t('pay_bill.confirm_paybill.unit')}</th>
              <th scope="col">{t('pay_bill.confirm_paybill.amount')}</th>
              <th scope="col">{t('pay_bill.confirm_paybill.card')}</th>
            </tr>
          </thead>
          <tbody>
            {history.value.map((payment) => (
              <tr key={payment.transaction_id}>
                <td>{DATE.format(new Date(payment.paid_at))}</td>
                <td>{payment.unit_number}</td>
                <td>{formatMoney(payment.amount, { cents: true })}</td>
                <td>{t('pay_bill.confirm_paybill.card_ending', { last4: payment.card_last4 })}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : history.state === 'failed' ? (
        <p role="alert">{t('pay_bill.confirm_paybill.history_failed')}</p>
      ) : (
        <Spinner label={t('pay_bill.confirm_paybill.history_loading')} />
      )}
      <PrintReceipt build={() => paymentReceipt(root, t)} />
      <div className="pay-bill__footer">
        <Button onClick={payBill.reloadList}>{t('pay_bill.confirm_paybill.make_another_payment')}</Button>
        <Button variant="secondary" onClick={payBill.logOut}>
          {t('pay_bill.confirm_paybill.log_out')}
        </Button>
      </div>
    </section>
  );
});
