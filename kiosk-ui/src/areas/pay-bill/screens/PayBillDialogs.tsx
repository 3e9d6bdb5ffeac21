import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button';
import { Dialog } from '../../../components/Dialog';
import { useStores } from '../../../shared/stores/StoresProvider';
import { formatMoney } from '../../../utils/money';

/**
 * The confirmations of the unit list (shell spec §4): updating the autopay card while a balance
 * is due (cancelling leaves it unticked), and cancelling autopay.
 */
export const PayBillDialogs = observer(function PayBillDialogs() {
  const { t } = useTranslation();
  const { payBill } = useStores();
  const updateUnit = payBill.unit(payBill.pendingUpdateCardKey);
  const cancelUnit = payBill.unit(payBill.pendingCancelKey);
  return (
    <>
      <Dialog
        open={updateUnit !== null}
        title={t('pay_bill.update_card_confirm.title')}
        onClose={payBill.dismissUpdateCard}
        actions={
          <>
            <Button onClick={payBill.confirmUpdateCard}>{t('pay_bill.update_card_confirm.confirm')}</Button>
            <Button variant="danger" onClick={payBill.dismissUpdateCard}>
              {t('pay_bill.update_card_confirm.cancel')}
            </Button>
          </>
        }
      >
        {updateUnit && (
          <p>
            {t('pay_bill.update_card_confirm.message', {
              unit: updateUnit.space.unit_number,
              amount: formatMoney(updateUnit.balanceDue, { cents: true }),
            })}
          </p>
        )}
      </Dialog>
      <Dialog
        open={cancelUnit !== null}
        title={t('pay_bill.cancel_autopay_confirm.title')}
        onClose={payBill.dismissCancelAutopay}
        actions={
          <>
            <Button variant="danger" onClick={payBill.confirmCancelAutopay}>
              {t('pay_bill.cancel_autopay_confirm.confirm')}
            </Button>
            <Button variant="secondary" onClick={payBill.dismissCancelAutopay}>
              {t('pay_bill.cancel_autopay_confirm.keep')}
            </Button>
          </>
        }
      >
        {cancelUnit && <p>{t('pay_bill.cancel_autopay_confirm.message', { unit: cancelUnit.space.unit_number })}</p>}
      </Dialog>
    </>
  );
});
