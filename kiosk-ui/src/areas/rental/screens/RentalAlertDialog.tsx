import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button';
import { Dialog } from '../../../components/Dialog';
import { useStores } from '../../../shared/stores/StoresProvider';

/** The rental area's alerts (hold refused, move-in cost failed) in the shared Dialog. */
export const RentalAlertDialog = observer(function RentalAlertDialog() {
  const { t } = useTranslation();
  const { rental } = useStores();
  const alert = rental.alert;
  return (
    <Dialog
      open={alert !== null}
      title={alert ? t(alert.key, alert.values) : ''}
      onClose={rental.dismissAlert}
      className="rental-alert"
      actions={
        <Button block onClick={rental.dismissAlert}>
          {t('rental.alert.ok')}
        </Button>
      }
    />
  );
});
