import { observer } from 'mobx-react-lite';
import { isPending } from '../../../../models/loadable';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/Button';
import { useStores } from '../../../../shared/stores/StoresProvider';
import { LinkRentalForm } from '../../../account/screens/LinkRentalForm';
import { LoginForm } from '../../../account/screens/LoginForm';
import { PayView } from '../../../pay-bill/screens/PayView';
import type { RentalSectionProps } from '../../../../sections/screen-props';
import { ConfirmPaybill } from './ConfirmPaybill';
import './rental-account.css';

/**
 * The rental's pay section: Pay My Bill's own screens (loading, unit list, card, signing, result;
 * link a rental when the account has nothing to pay) without leaving the rental, so the held space
 * stays held. A payment that went through ends on confirm_paybill instead of the pay-bill result.
 * 'Back to your rental', above them, returns to info, where a logged-in visitor opened it.
 */
export default observer(function RentalPay(_props: RentalSectionProps) {
  const { t } = useTranslation();
  const { account, payBill, rental } = useStores();
  useEffect(() => {
    if (account.loggedIn) account.goPay();
  }, [account, account.loggedIn]);

  const view = account.view;
  const confirmed =
    view === 'pay' && payBill.stage === 'result' && !payBill.payment.processing && payBill.payment.succeeded;
  const canLeave =
    view !== 'pay' || isPending(payBill.unitList) || (payBill.unitList.state === 'ready' && payBill.stage === 'units');

  return (
    <div className="rental-pay">
      {canLeave && (
        <div className="rental-pay__back">
          <Button variant="secondary" onClick={() => rental.goTo('info')}>
            {t('account.rental.back')}
          </Button>
        </div>
      )}
      {view === 'pay' ? (
        confirmed ? (
          <ConfirmPaybill />
        ) : (
          <PayView />
        )
      ) : (
        <div className="account-view">
          {view === 'link_rental' ? <LinkRentalForm /> : <LoginForm context="rental" />}
        </div>
      )}
    </div>
  );
});
