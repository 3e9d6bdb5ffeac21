import { yupResolver } from '@hookform/resolvers/yup';
import { observer } from 'mobx-react-lite';
import { useEffect, useId, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';
import { describedBy, FormField } from '../../components/card/FormField';
import { PASSWORD_NOTE, registerSchema, type RegisterValues } from '../../forms/account';
import { translateMessage } from '../../forms/messages';
import { useStores } from '../../stores/StoresProvider';
import { AccountCard, fieldMessage } from './AccountCard';
import { preloadStrengthChecker, scorePassword } from '../../forms/password-strength';

/**
 * Create an account (shell spec §2, §5): email, password with the 6-character / uppercase /
 * special-character note, re-enter password, the zxcvbn strength check ('Password is too weak.'
 * plus its first suggestion), Create My Account and Already have an account?. A taken e-mail
 * shows the server's 'User with the same email id already exists' under the email.
 */
export const RegisterForm = observer(function RegisterForm() {
  const { t } = useTranslation();
  const { account } = useStores();
  const id = useId();
  const schema = useMemo(() => registerSchema({ scorePassword }), []);
  useEffect(() => preloadStrengthChecker(), []);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<RegisterValues>({
    resolver: yupResolver(schema),
    defaultValues: { username: '', password: '', password1: '' },
  });
  const server = account.errors.register;
  const ids = { username: `${id}-email`, password: `${id}-password`, password1: `${id}-password1` };
  const usernameError = fieldMessage(errors.username?.message, server?.fields.username, t);
  const passwordError = fieldMessage(errors.password?.message, server?.fields.password, t);
  const password1Error = fieldMessage(errors.password1?.message, server?.fields.password1, t);
  const note = translateMessage(PASSWORD_NOTE, t);

  return (
    <AccountCard title={t('account.register.title')} error={server?.form}>
      <form
        className="account-form"
        noValidate
        onSubmit={(event) => void handleSubmit((values) => account.submitRegister(values))(event)}
      >
        <FormField id={ids.username} label={t('account.register.email')} error={usernameError}>
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
        <FormField id={ids.password} label={t('account.register.password')} error={passwordError} hint={note}>
          <input
            id={ids.password}
            className="checkout-input"
            type="password"
            autoComplete="new-password"
            data-keyboard="normal"
            aria-invalid={passwordError ? true : undefined}
            aria-describedby={describedBy(ids.password, passwordError, note)}
            {...register('password')}
          />
        </FormField>
        <FormField id={ids.password1} label={t('account.register.password1')} error={password1Error}>
          <input
            id={ids.password1}
            className="checkout-input"
            type="password"
            autoComplete="new-password"
            data-keyboard="normal"
            aria-invalid={password1Error ? true : undefined}
            aria-describedby={describedBy(ids.password1, password1Error)}
            {...register('password1')}
          />
        </FormField>
        <Button type="submit" block disabled={isSubmitting || account.busy === 'register'}>
          {t('account.register.submit')}
        </Button>
      </form>
      <div className="account-links">
        <Button variant="link" onClick={() => account.goTo('login')}>
          {t('account.register.have_account')}
        </Button>
      </div>
    </AccountCard>
  );
});
