import { yupResolver } from '@hookform/resolvers/yup';
import { MASKS } from '@kiosk/shared-types';
import { observer } from 'mobx-react-lite';
import { useId, useMemo, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button';
import { Dialog } from '../../../components/Dialog';
import { loginSchema, otpSchema, type LoginValues, type OtpValues } from '../../../forms/account';
import { otpPhoneSchema, type OtpPhoneValues } from '../../../forms/phone';
import type { AccountMessage, AccountResult } from '../../../stores/AccountStore';
import { useStores } from '../../../stores/StoresProvider';
import { MaskedField } from '../../../components/form/MaskedField';
import { TextField } from '../../../components/form/TextField';

type Mode = 'mobile' | 'email';

/**
 * "I'm already a customer" (rental §2, §4 "OTP login"): 'Continue with mobile' (a code by text,
 * resend after 60 s) or 'Continue with Email' (e-mail and password). Success logs in, loads the
 * visitor's details and earlier verification, and moves to info.
 */
export const LoginDialog = observer(function LoginDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { identity } = useStores();
  const [mode, setMode] = useState<Mode>('mobile');
  const succeed = () => {
    onClose();
    identity.afterLogin();
  };
  return (
    <Dialog open className="login-dialog" title={t('identity.login.title')} onClose={onClose}>
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
      {mode === 'mobile' ? <MobileLogin onSuccess={succeed} /> : <EmailLogin onSuccess={succeed} />}
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

const MobileLogin = observer(function MobileLogin({ onSuccess }: { onSuccess: () => void }) {
  const { t } = useTranslation();
  const { account, identity } = useStores();
  const phoneFormId = useId();
  const codeFormId = useId();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [message, setMessage] = useState<AccountMessage | null>(null);
  const phoneSchema = useMemo(() => otpPhoneSchema({ validatePhone: identity.validatePhone }), [identity]);
  const phoneForm = useForm<OtpPhoneValues>({
    resolver: yupResolver(phoneSchema) as unknown as Resolver<OtpPhoneValues>,
    defaultValues: { phone: '' },
  });
  const codeForm = useForm<OtpValues>({
    resolver: yupResolver(otpSchema) as unknown as Resolver<OtpValues>,
    defaultValues: { otp: '' },
  });
  const busy = account.busy === 'otp';

  const request = async (phone: string) => {
    setMessage(null);
    const result: AccountResult = await account.requestOtp(phone);
    if (result.ok) {
      setSentTo(phone);
      codeForm.reset({ otp: '' });
    } else {
      setMessage(result.form);
    }
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
        <FormMessage message={message} />
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
        setMessage(null);
        const result = await account.loginWithOtp(sentTo, values.otp);
        if (result.ok) onSuccess();
        else setMessage(result.form);
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
        <Button variant="secondary" disabled={!account.canResendOtp} onClick={() => void request(sentTo)}>
          {account.otpResendSecondsLeft > 0
            ? t('identity.login.resend_in', { seconds: account.otpResendSecondsLeft })
            : t('identity.login.resend')}
        </Button>
        <Button type="submit" disabled={busy}>
          {t('identity.login.login')}
        </Button>
      </div>
      <Button
        variant="link"
        onClick={() => {
          setSentTo(null);
          setMessage(null);
        }}
      >
        {t('identity.login.back')}
      </Button>
    </form>
  );
});

const EmailLogin = observer(function EmailLogin({ onSuccess }: { onSuccess: () => void }) {
  const { t } = useTranslation();
  const { account } = useStores();
  const formId = useId();
  const [message, setMessage] = useState<AccountMessage | null>(null);
  const form = useForm<LoginValues>({
    resolver: yupResolver(loginSchema) as unknown as Resolver<LoginValues>,
    defaultValues: { username: '', password: '' },
  });
  return (
    <form
      id={formId}
      className="login-dialog__form"
      noValidate
      onSubmit={form.handleSubmit(async (values) => {
        setMessage(null);
        const result = await account.loginWithEmail(values.username, values.password);
        if (result.ok) {
          onSuccess();
          return;
        }
        setMessage(result.form);
        for (const field of ['username', 'password'] as const) {
          const text = result.fields[field] ?? (field === 'username' ? result.fields.email : undefined);
          if (text) form.setError(field, { message: text });
        }
      })}
    >
      <TextField control={form.control} name="username" label={t('identity.login.email')} kind="email" required />
      <TextField control={form.control} name="password" label={t('identity.login.password')} kind="password" required />
      <FormMessage message={message} />
      <Button type="submit" block disabled={account.busy === 'login'}>
        {t('identity.login.login')}
      </Button>
    </form>
  );
});
