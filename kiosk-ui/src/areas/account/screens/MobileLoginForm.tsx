import { MASKS } from '@kiosk/shared-types';
import { observer } from 'mobx-react-lite';
import { useEffect, useId, useMemo, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button';
import { MaskedField } from '../../../components/form/MaskedField';
import { TextField } from '../../../components/form/TextField';
import { otpSchema, type OtpValues } from '../forms/account';
import { otpPhoneSchema, type OtpPhoneValues, type ValidatePhone } from '../../../forms/phone';
import { schemaResolver } from '../../../forms/schema-resolver';
import type { AccountMessage } from '../AccountStore';
import { useStores } from '../../../shared/stores/StoresProvider';
import { accountMessageText } from './AccountCard';
import './mobile-login.css';

function FormMessage({ message }: { message: AccountMessage | null }) {
  const { t } = useTranslation();
  const text = accountMessageText(message, t);
  return text ? (
    <p className="kiosk-field-error login-dialog__message" role="alert">
      {text}
    </p>
  ) : null;
}

export interface MobileLoginFormProps {
  /** The phone validation call (country code 1) the number must pass before a code is sent. */
  validatePhone: ValidatePhone;
  /** Logged in with the code sent to `phone` (as typed). */
  onSuccess: (phone: string) => void;
  onUseEmail: () => void;
  /** Create an account, offered beside 'Continue with Email' when the number has no account. */
  onRegister?: () => void;
  /** The phone field, then the code field, take the focus as they show (no tap to start typing). */
  autoFocus?: boolean;
  /** A code of this many digits logs in as its last digit is typed; Login stays for any other. */
  codeLength?: number;
}

/**
 * 'Continue with mobile' (shell spec §4 "One-time-code login"): the cell phone, a code by text,
 * resend after 60 s, the code. A number with no account offers the ways on its message names.
 * The account store's one-time-code sign-in holds where the code went and its messages
 * (account.otpSignIn); closing the form forgets them.
 */
export const MobileLoginForm = observer(function MobileLoginForm({
  validatePhone,
  onSuccess,
  onUseEmail,
  onRegister,
  autoFocus = false,
  codeLength,
}: MobileLoginFormProps) {
  const { t } = useTranslation();
  const { account } = useStores();
  const phoneFormId = useId();
  const codeFormId = useId();
  const signIn = account.otpSignIn;
  const { sentTo, message, noAccount } = signIn;
  // Closing the mobile form (the e-mail one chosen, the dialog or the screen left) forgets its number and message.
  useEffect(() => () => signIn.reset(), [signIn]);
  const phoneSchema = useMemo(() => otpPhoneSchema({ validatePhone }), [validatePhone]);
  const phoneForm = useForm<OtpPhoneValues>({
    resolver: schemaResolver(phoneSchema),
    defaultValues: { phone: '' },
  });
  const codeForm = useForm<OtpValues>({
    resolver: schemaResolver(otpSchema),
    defaultValues: { otp: '' },
  });
  const busy = account.forms.busy === 'otp';
  const autoSubmitted = useRef<string | null>(null);
  const code = codeForm.watch('otp');

  useEffect(() => {
    if (!autoFocus) return;
    if (sentTo === null) phoneForm.setFocus('phone');
    else codeForm.setFocus('otp');
  }, [autoFocus, sentTo, phoneForm, codeForm]);

  const submitCode = codeForm.handleSubmit(async (values) => {
    const phone = signIn.sentTo;
    if (phone === null) return;
    if (await signIn.logIn(values.otp)) onSuccess(phone);
  });

  useEffect(() => {
    const digits = (code ?? '').replace(/\D/g, '');
    if (!codeLength || digits.length !== codeLength || busy || autoSubmitted.current === digits) return;
    autoSubmitted.current = digits;
    void submitCode();
  }, [code, codeLength, busy, submitCode]);

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
    <form id={codeFormId} className="login-dialog__form" noValidate onSubmit={(event) => void submitCode(event)}>
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
  onRegister?: () => void;
}) {
  const { t } = useTranslation();
  const messageId = useId();
  const text = accountMessageText(message, t);
  return (
    <div className="login-dialog__no-account" role="group" aria-labelledby={messageId}>
      <p id={messageId} className="kiosk-field-error login-dialog__message" role="alert">
        {text}
      </p>
      <div className="login-dialog__row">
        <Button variant="secondary" onClick={onUseEmail}>
          {t('identity.login.with_email')}
        </Button>
        {onRegister ? (
          <Button variant="secondary" onClick={onRegister}>
            {t('account.otp.create_account')}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
