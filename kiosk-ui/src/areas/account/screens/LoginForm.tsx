import { observer } from 'mobx-react-lite';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button';
import { ACCOUNT_EMAIL, ContactFields } from '../../../components/form/ContactFields';
import { TextField } from '../../../components/form/TextField';
import { loginSchema, type LoginValues } from '../forms/account';
import { schemaResolver } from '../../../forms/schema-resolver';
import { useStores } from '../../../shared/stores/StoresProvider';
import { AccountCard } from './AccountCard';

export interface LoginFormProps {
  /**
   * In the rental context the title is 'Login', the register / forgot links are hidden and a
   * successful login calls `onLoggedIn` instead of opening the payment screens.
   */
  context?: 'pay_bill' | 'rental';
  headingLevel?: 1 | 2;
  /** False where a dialog or frame around the form already shows the title. */
  titled?: boolean;
  onLoggedIn?: () => void;
}

/**
 * Login (shell spec §2): 'Login or create an account', 'Please enter your email so we can look up
 * your account.', email and password, Login, and the links Don't have an Account? and Forgot your
 * Password?. The server's errors show with the first __all__ message at the top. In the rental
 * context: 'Login', no links, and the rental goes on instead of Pay My Bill.
 */
export const LoginForm = observer(function LoginForm({
  context = 'pay_bill',
  headingLevel = 1,
  titled = true,
  onLoggedIn,
}: LoginFormProps) {
  const { t } = useTranslation();
  const { account } = useStores();
  const {
    control,
    handleSubmit,
    formState: { isSubmitting },
  } = useForm<LoginValues>({
    resolver: schemaResolver(loginSchema),
    defaultValues: { username: account.registeredEmail ?? '', password: '' },
  });
  const server = account.forms.errors.login;
  const rental = context === 'rental';

  const submit = handleSubmit(async (values) => {
    if (!rental) {
      await account.submitLogin(values);
      return;
    }
    const result = await account.forms.loginWithEmail(values.username, values.password);
    if (result.ok) onLoggedIn?.();
  });
  const title = rental ? t('account.login.title_rental') : t('account.login.title');

  return (
    <AccountCard
      title={titled ? title : undefined}
      prompt={t('account.login.prompt')}
      error={server?.form}
      note={account.registeredEmail ? t('account.register.created') : null}
      headingLevel={headingLevel}
    >
      <form className="account-form" noValidate onSubmit={(event) => void submit(event)}>
        <ContactFields
          control={control}
          names={ACCOUNT_EMAIL}
          labels={{ email: t('account.login.email') }}
          look="panel"
          errors={{ email: server?.fields.username }}
        />
        <TextField
          control={control}
          name="password"
          kind="password"
          label={t('account.login.password')}
          look="panel"
          error={server?.fields.password}
        />
        <Button type="submit" block disabled={isSubmitting || account.forms.busy === 'login'}>
          {t('account.login.submit')}
        </Button>
      </form>
      {!rental && (
        <div className="account-links">
          <Button variant="link" onClick={() => account.goTo('register')}>
            {t('account.login.no_account')}
          </Button>
          <Button variant="link" onClick={() => account.goTo('forgot_password')}>
            {t('account.login.forgot_password')}
          </Button>
        </div>
      )}
    </AccountCard>
  );
});
