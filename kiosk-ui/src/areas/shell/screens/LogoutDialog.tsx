import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button';
import { Dialog } from '../../../components/Dialog';
import { useStores } from '../../../shared/stores/StoresProvider';

/** "Are you sure you want to logout?" with LOGOUT and Cancel (shell spec §2 "Kiosk shell"). */
export const LogoutDialog = observer(function LogoutDialog() {
  const { t } = useTranslation();
  const { shell } = useStores();
  return (
    <Dialog
      open={shell.logoutConfirmOpen}
      title={t('shell.logout.confirm')}
      onClose={shell.cancelLogout}
      actions={
        <>
          <Button variant="primary" data-nav-action="logout" onClick={shell.confirmLogout}>
            {t('shell.logout.logout')}
          </Button>
          <Button variant="secondary" data-nav-action="logout_cancel" onClick={shell.cancelLogout}>
            {t('shell.logout.cancel')}
          </Button>
        </>
      }
    />
  );
});
