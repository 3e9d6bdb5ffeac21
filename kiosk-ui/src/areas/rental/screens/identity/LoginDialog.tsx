import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/Button';
import { Dialog } from '../../../../components/Dialog';
import { useStores } from '../../../../shared/stores/StoresProvider';
import { LoginForm } from '../../../account/screens/LoginForm';
import { MobileLoginForm } from '../../../account/screens/MobileLoginForm';

type Mode = 'mobile' | 'email';

export interface LoginDialogProps {
  onClose: () => void;
  /** Create an account: the rental's register section. */
  onRegister: () => void;
}

/**
 * The rental-side Login (shell spec §2 "Login ... in the rental context", rental §4 "OTP login"):
 * 'Continue with mobile' (a code by text, resend after 60 s) or 'Continue with Email' (the
 * account area's login form with its prompt, without the register and forgot-password links).
 * A number with no account offers both ways on from its message: e-mail, or creating an account.
 * Success logs in, loads the visitor's details and earlier verification, and moves to info.
 */
export const LoginDialog = observer(function LoginDialog({ onClose, onRegister }: LoginDialogProps) {
  const { t } = useTranslation();
  const { identity, account } = useStores();
  // Back from creating an account: the e-mail form, with the new e-mail filled in.
  const [mode, setMode] = useState<Mode>(account.registeredEmail ? 'email' : 'mobile');
  // afterLogin moves to info, which closes the popup with the login section.
  const succeed = () => {
    account.forgetRegisteredEmail();
    identity.afterLogin();
  };
  return (
    <Dialog open className="login-dialog" title={t('account.login.title_rental')} onClose={onClose}>
      <div className="login-dialog__modes" role="group" aria-label={t('identity.login.title')}>
        <Button
          variant={mode === 'mobile' ? 'primary' : 'secondary'}
          aria-pressed={mode === 'mobile'}
          onClick={() => setMode('mobile')}
        >
          {t('identity.login.with_mobile')}
        </Button>
        <Button
          variant={mode === 'email' ? 'primary' : 'secondary'}
          aria-pressed={mode === 'email'}
          onClick={() => setMode('email')}
        >
          {t('identity.login.with_email')}
        </Button>
      </div>
      {mode === 'mobile' ? (
        <MobileLoginForm
          validatePhone={identity.validatePhone}
          onSuccess={succeed}
          onUseEmail={() => setMode('email')}
          onRegister={onRegister}
        />
      ) : (
        <LoginForm context="rental" titled={false} onLoggedIn={succeed} />
      )}
      <div className="login-dialog__close">
        <Button variant="link" onClick={onClose}>
          {t('identity.login.close')}
        </Button>
      </div>
    </Dialog>
  );
});
