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
export const BillingDialogs = observer(function BillingDialogs() {
  const { t } = useTranslation();
  const { billing } = useStores();
  const updateUnit = billing.unit(billing.pendingUpdateCardKey);
  const cancelUnit = billing.unit(billing.pendingCancelKey);
  return (
    <>
      <Dialog
        open={updateUnit !== null}
        title={t('billing.update_card_confirm.title')}
        onClose={billing.dismissUpdateCard}
        actions={
          <>
            <Button onClick={billing.confirmUpdateCard}>{t('billing.update_card_confirm.confirm')}</Button>
            <Button variant="danger" onClick={billing.dismissUpdateCard}>
              {t('billing.update_card_confirm.cancel')}
            </Button>
          </>
        }
      >
        {updateUnit && (
          <p>
            {t('billing.update_card_confirm.message', {
              unit: updateUnit.space.unit_number,
              amount: formatMoney(updateUnit.balanceDue, { cents: true }),
            })}
          </p>
        )}
      </Dialog>
      <Dialog
        open={cancelUnit !== null}
        title={t('billing.cancel_autopay_confirm.title')}
        onClose={billing.dismissCancelAutopay}
        actions={
          <>
            <Button variant="danger" onClick={billing.confirmCancelAutopay}>
              {t('billing.cancel_autopay_confirm.confirm')}
            </Button>
            <Button variant="secondary" onClick={billing.dismissCancelAutopay}>
              {t('billing.cancel_autopay_confirm.keep')}
            </Button>
          </>
        }
      >
        {cancelUnit && <p>{t('billing.cancel_autopay_confirm.message', { unit: cancelUnit.space.unit_number })}</p>}
      </Dialog>
    </>
  );
});
