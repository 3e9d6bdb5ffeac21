import { yupResolver } from '@hookform/resolvers/yup';
import { observer } from 'mobx-react-lite';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';
import { describedBy, FormField } from '../../components/card/FormField';
import { forgotPasswordSchema, type ForgotPasswordValues } from '../../forms/account';
import { useStores } from '../../stores/StoresProvider';
import { AccountCard, fieldMessage } from './AccountCard';

/**
 * Forgot password (shell spec §2): email, Reset Password and a link to register; then the
 * thank-you view 'An email with a password reset link has been sent to you!' with Login.
 */
export const ForgotPasswordForm = observer(function ForgotPasswordForm() {
  const { t } = useTranslation();
  const { account } = useStores();
  const id = useId();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ForgotPasswordValues>({
    resolver: yupResolver(forgotPasswordSchema),
    defaultValues: { email: '' },
  });
  const server = account.errors.forgot_password;
  const emailId = `${id}-email`;
  const emailError = fieldMessage(errors.email?.message, server?.fields.email, t);

  if (account.resetLinkSent) {
    return (
      <AccountCard title={t('account.forgot_password.title')}>
        <p className="account-card__note" role="status">
          {t('account.forgot_password.thank_you')}
        </p>
        <Button block onClick={() => account.goTo('login')}>
          {t('account.forgot_password.login')}
        </Button>
      </AccountCard>
    );
  }

  return (
    <AccountCard title={t('account.forgot_password.title')} error={server?.form}>
      <form
        className="account-form"
        noValidate
        onSubmit={(event) => void handleSubmit((values) => account.submitForgotPassword(values))(event)}
      >
        <FormField id={emailId} label={t('account.forgot_password.email')} error={emailError}>
          <input
            id={emailId}
            className="checkout-input"
            type="text"
            inputMode="email"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            data-keyboard="email"
            aria-invalid={emailError ? true : undefined}
            aria-describedby={describedBy(emailId, emailError)}
            {...register('email')}
          />
        </FormField>
        <Button type="submit" block disabled={isSubmitting || account.busy === 'forgot_password'}>
          {t('account.forgot_password.submit')}
        </Button>
      </form>
      <div className="account-links">
        <Button variant="link" onClick={() => account.goTo('register')}>
          {t('account.forgot_password.register')}
        </Button>
      </div>
    </AccountCard>
  );
});
