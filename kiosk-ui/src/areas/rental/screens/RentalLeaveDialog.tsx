import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button';
import { Dialog } from '../../../components/Dialog';
import { useStores } from '../../../shared/stores/StoresProvider';

/** 'Leave this rental?': Select a Space tapped again after the visitor typed details. */
export const RentalLeaveDialog = observer(function RentalLeaveDialog() {
  const { t } = useTranslation();
  const { rental } = useStores();
  const stay = () => rental.confirmLeaving(false);
  return (
    <Dialog
      open={rental.leaving !== null}
      title={t('rental.leave.title')}
      onClose={stay}
      className="rental-alert"
      role="alertdialog"
      actions={
        <>
          <Button variant="secondary" onClick={stay}>
            {t('rental.leave.stay')}
          </Button>
          <Button onClick={() => rental.confirmLeaving(true)}>{t('rental.leave.leave')}</Button>
        </>
      }
    >
      <p>{t('rental.leave.text')}</p>
    </Dialog>
  );
});
