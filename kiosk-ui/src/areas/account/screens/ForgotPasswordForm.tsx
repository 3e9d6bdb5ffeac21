import { observer } from 'mobx-react-lite';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button';
import { ContactFields } from '../../../components/form/ContactFields';
import { forgotPasswordSchema, type ForgotPasswordValues } from '../forms/account';
import { schemaResolver } from '../../../forms/schema-resolver';
import { useStores } from '../../../shared/stores/StoresProvider';
import { AccountCard } from './AccountCard';

/**
 * Forgot password (shell spec §2): email, Reset Password and a link to register; then the
 * thank-you view 'An email with a password reset link has been sent to you!' with Login.
 */
export const ForgotPasswordForm = observer(function ForgotPasswordForm() {
  const { t } = useTranslation();
  const { account } = useStores();
  const {
    control,
    handleSubmit,
    formState: { isSubmitting },
  } = useForm<ForgotPasswordValues>({
    resolver: schemaResolver(forgotPasswordSchema),
    defaultValues: { email: '' },
  });
  const server = account.forms.errors.forgot_password;

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
        <ContactFields
          control={control}
          names={{ email: 'email' }}
          labels={{ email: t('account.forgot_password.email') }}
          look="panel"
          errors={{ email: server?.fields.email }}
        />
        <Button type="submit" block disabled={isSubmitting || account.forms.busy === 'forgot_password'}>
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
