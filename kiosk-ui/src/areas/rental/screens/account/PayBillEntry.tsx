import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/Button';
import { useStores } from '../../../../shared/stores/StoresProvider';

/**
 * PAY MY BILL inside the rental, for a logged-in visitor: the rental's pay section, so a tenant can
 * settle a bill without giving up the space on hold (the sidebar's PAY MY BILL leaves the rental
 * and releases it). `beforeOpen` keeps what the step has typed so far.
 */
export const PayBillEntry = observer(function PayBillEntry({ beforeOpen }: { beforeOpen?: () => void }) {
  const { t } = useTranslation();
  const { account, rental } = useStores();
  if (!account.loggedIn) return null;
  return (
    <Button
      variant="secondary"
      onClick={() => {
        beforeOpen?.();
        rental.goTo('pay');
      }}
    >
      {t('account.rental.pay_bill')}
    </Button>
  );
});
