import { yupResolver } from '@hookform/resolvers/yup';
import { observer } from 'mobx-react-lite';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';
import { describedBy, FormField } from '../../components/card/FormField';
import { loginSchema, type LoginValues } from '../../forms/account';
import { useStores } from '../../stores/StoresProvider';
import { AccountCard, fieldMessage } from './AccountCard';

export interface LoginFormProps {
  /** In the rental context the title is 'Login' and the register / forgot links are hidden. */
  context?: 'pay_bill' | 'rental';
  headingLevel?: 1 | 2;
}

/**
 * Login (shell spec §2): 'Login or create an account', 'Please enter your email so we can look up
 * your account.', email and password, Login, and the links Don't have an Account? and Forgot your
 * Password?. The server's errors show with the first __all__ message at the top.
 */
export const LoginForm = observer(function LoginForm({ context = 'pay_bill', headingLevel = 1 }: LoginFormProps) {
  const { t } = useTranslation();
  const { account } = useStores();
  const id = useId();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginValues>({
    resolver: yupResolver(loginSchema),
    defaultValues: { username: account.registeredEmail ?? '', password: '' },
  });
  const server = account.errors.login;
  const rental = context === 'rental';
  const ids = { username: `${id}-email`, password: `${id}-password` };
  const usernameError = fieldMessage(errors.username?.message, server?.fields.username, t);
  const passwordError = fieldMessage(errors.password?.message, server?.fields.password, t);

  const submit = handleSubmit(async (values) => {
    if (rental) await account.loginWithEmail(values.username, values.password);
    else await account.submitLogin(values);
  });

  return (
    <AccountCard
      title={rental ? t('account.login.title_rental') : t('account.login.title')}
      prompt={t('account.login.prompt')}
      error={server?.form}
      note={!rental && account.registeredEmail ? t('account.register.created') : null}
      headingLevel={headingLevel}
    >
      <form className="account-form" noValidate onSubmit={(event) => void submit(event)}>
        <FormField id={ids.username} label={t('account.login.email')} error={usernameError}>
          <input
            id={ids.username}
            className="checkout-input"
            type="text"
            inputMode="email"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            data-keyboard="email"
            aria-invalid={usernameError ? true : undefined}
            aria-describedby={describedBy(ids.username, usernameError)}
            {...register('username')}
          />
        </FormField>
        <FormField id={ids.password} label={t('account.login.password')} error={passwordError}>
          <input
            id={ids.password}
            className="checkout-input"
            type="password"
            autoComplete="off"
            data-keyboard="normal"
            aria-invalid={passwordError ? true : undefined}
            aria-describedby={describedBy(ids.password, passwordError)}
            {...register('password')}
          />
        </FormField>
        <Button type="submit" block disabled={isSubmitting || account.busy === 'login'}>
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
