import { MASKS } from '@kiosk/shared-types';
import { observer } from 'mobx-react-lite';
import { useEffect, useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button';
import { Dialog } from '../../../components/Dialog';
import { otpSchema, type OtpValues } from '../../../forms/account';
import { otpPhoneSchema, type OtpPhoneValues } from '../../../forms/phone';
import { schemaResolver } from '../../../forms/schema-resolver';
import type { AccountMessage } from '../../../stores/AccountStore';
import { useStores } from '../../../stores/StoresProvider';
import { MaskedField } from '../../../components/form/MaskedField';
import { TextField } from '../../../components/form/TextField';
import { LoginForm } from '../../account/LoginForm';

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
        <MobileLogin onSuccess={succeed} onUseEmail={() => setMode('email')} onRegister={onRegister} />
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

function useMessageText() {
  const { t } = useTranslation();
  return (message: AccountMessage | null | undefined): string => {
    if (!message) return '';
    // Catalogue keys of the account area, at run time.
    return 'text' in message
      ? message.text
      : (t as (key: string, values?: object) => string)(message.key, message.values);
  };
}

function FormMessage({ message }: { message: AccountMessage | null }) {
  const text = useMessageText()(message);
  return text ? (
    <p className="kiosk-field-error login-dialog__message" role="alert">
      {text}
    </p>
  ) : null;
}

interface MobileLoginProps {
  onSuccess: () => void;
  onUseEmail: () => void;
  onRegister: () => void;
}

const MobileLogin = observer(function MobileLogin({ onSuccess, onUseEmail, onRegister }: MobileLoginProps) {
  const { t } = useTranslation();
  const { account, identity } = useStores();
  const phoneFormId = useId();
  const codeFormId = useId();
  const signIn = account.otpSignIn;
  const { sentTo, message, noAccount } = signIn;
  // Closing the mobile form (the e-mail one chosen, the dialog closed) forgets its number and message.
  useEffect(() => () => signIn.reset(), [signIn]);
  const phoneSchema = useMemo(() => otpPhoneSchema({ validatePhone: identity.validatePhone }), [identity]);
  const phoneForm = useForm<OtpPhoneValues>({
    resolver: schemaResolver(phoneSchema),
    defaultValues: { phone: '' },
  });
  const codeForm = useForm<OtpValues>({
    resolver: schemaResolver(otpSchema),
    defaultValues: { otp: '' },
  });
  const busy = account.forms.busy === 'otp';

  const request = async (phone: string) => {
    if (await signIn.request(phone)) codeForm.reset({ otp: '' });
  };

  if (sentTo === null) {
    return (
      <form
        id={phoneFormId}
        className="login-dialog__form"
        noValidate
        onSubmit={phoneForm.handleSubmit((values) => request(values.phone))}
      >
        <MaskedField
          control={phoneForm.control}
          name="phone"
          label={t('identity.login.phone')}
          mask={MASKS.phone}
          keyboard="phone"
          required
        />
        {noAccount ? (
          <NoAccountChoices message={message} onUseEmail={onUseEmail} onRegister={onRegister} />
        ) : (
          <FormMessage message={message} />
        )}
        <Button type="submit" block disabled={busy}>
          {t('identity.login.send_code')}
        </Button>
      </form>
    );
  }

  return (
    <form
      id={codeFormId}
      className="login-dialog__form"
      noValidate
      onSubmit={codeForm.handleSubmit(async (values) => {
        if (await signIn.logIn(values.otp)) onSuccess();
      })}
    >
      <p className="login-dialog__sent">{t('identity.login.code_sent', { phone: sentTo })}</p>
      <TextField
        control={codeForm.control}
        name="otp"
        label={t('identity.login.code')}
        keyboard="numeric"
        maxLength={8}
        required
      />
      <FormMessage message={message} />
      <div className="login-dialog__row">
        <Button variant="secondary" disabled={!account.forms.canResendOtp} onClick={() => void request(sentTo)}>
          {account.forms.otpResendSecondsLeft > 0
            ? t('identity.login.resend_in', { seconds: account.forms.otpResendSecondsLeft })
            : t('identity.login.resend')}
        </Button>
        <Button type="submit" disabled={busy}>
          {t('identity.login.login')}
        </Button>
      </div>
      <Button variant="link" onClick={signIn.back}>
        {t('identity.login.back')}
      </Button>
    </form>
  );
});

/**
 * '+1 {phone} has no account. Please login with your existing email or create a new account.',
 * with the two ways it names right under it.
 */
function NoAccountChoices({
  message,
  onUseEmail,
  onRegister,
}: {
  message: AccountMessage | null;
  onUseEmail: () => void;
  onRegister: () => void;
}) {
  const { t } = useTranslation();
  const messageId = useId();
  const text = useMessageText()(message);
  return (
    <div className="login-dialog__no-account" role="group" aria-labelledby={messageId}>
      <p id={messageId} className="kiosk-field-error login-dialog__message" role="alert">
        {text}
      </p>
      <div className="login-dialog__row">
        <Button variant="secondary" onClick={onUseEmail}>
          {t('identity.login.with_email')}
        </Button>
        <Button variant="secondary" onClick={onRegister}>
          {t('account.otp.create_account')}
        </Button>
      </div>
    </div>
  );
}
