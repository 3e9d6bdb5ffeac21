import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { PayCardForm } from '../../../components/card/PayCardForm';
import { useStores } from '../../../shared/stores/StoresProvider';

/**
 * Pay My Bill's payment information (shell spec §2 state 4): the card form (components/card/
 * PayCardForm.tsx) with the grand total; Make a payment submits it (shell spec §4: the form
 * already showing is submitted).
 */
export const CardFormView = observer(function CardFormView() {
  const { t } = useTranslation();
  const { payBill } = useStores();
  return (
    <PayCardForm
      title={t('pay_bill.card_form.title')}
      titleId="pay-card-title"
      cardStep={payBill.cardStep}
      formId="pay-card-form"
      total={payBill.grandTotal}
      totalLabel={t('pay_bill.grand_total')}
      submitLabel={t('pay_bill.make_payment')}
      onSubmit={payBill.submitPayment}
      onBack={payBill.backToUnits}
    />
  );
});
