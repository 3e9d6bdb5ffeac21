import { observer } from 'mobx-react-lite';
import { useEffect, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button';
import { ACCOUNT_EMAIL, ContactFields } from '../../../components/form/ContactFields';
import { TextField } from '../../../components/form/TextField';
import { PASSWORD_NOTE, registerSchema, type RegisterValues } from '../forms/account';
import { translateMessage } from '../../../forms/messages';
import { useStores } from '../../../shared/stores/StoresProvider';
import { AccountCard } from './AccountCard';
import { preloadStrengthChecker, scorePassword } from '../forms/password-strength';
import { schemaResolver } from '../../../forms/schema-resolver';

/**
 * Create an account (shell spec §2, §5): email, password with the 6-character / uppercase /
 * special-character note, re-enter password, the zxcvbn strength check ('Password is too weak.'
 * plus its first suggestion), Create My Account and Already have an account?. A taken e-mail
 * shows the server's 'User with the same email id already exists' under the email.
 */
export interface RegisterFormProps {
  /** False where a frame around the form already shows the title (the rental's register section). */
  titled?: boolean;
  /** After the account was created; the pay-bill area's login follows by default. */
  onRegistered?: () => void;
  /** Already have an account?; the pay-bill area's login by default. */
  onHaveAccount?: () => void;
}

export const RegisterForm = observer(function RegisterForm({
  titled = true,
  onRegistered,
  onHaveAccount,
}: RegisterFormProps) {
  const { t } = useTranslation();
  const { account } = useStores();
  const schema = useMemo(() => registerSchema({ scorePassword }), []);
  useEffect(() => preloadStrengthChecker(), []);
  const {
    control,
    handleSubmit,
    formState: { isSubmitting },
  } = useForm<RegisterValues>({
    resolver: schemaResolver(schema),
    defaultValues: { username: '', password: '', password1: '' },
  });
  const server = account.forms.errors.register;
  const note = translateMessage(PASSWORD_NOTE, t);

  return (
    <AccountCard title={titled ? t('account.register.title') : undefined} error={server?.form}>
      <form
        className="account-form"
        noValidate
        onSubmit={(event) =>
          void handleSubmit(async (values) => {
            const result = await account.submitRegister(values);
            if (result.ok) onRegistered?.();
          })(event)
        }
      >
        <ContactFields
          control={control}
          names={ACCOUNT_EMAIL}
          labels={{ email: t('account.register.email') }}
          look="panel"
          errors={{ email: server?.fields.username }}
        />
        <TextField
          control={control}
          name="password"
          kind="password"
          label={t('account.register.password')}
          look="panel"
          hint={note}
          error={server?.fields.password}
          autoComplete="new-password"
        />
        <TextField
          control={control}
          name="password1"
          kind="password"
          label={t('account.register.password1')}
          look="panel"
          error={server?.fields.password1}
          autoComplete="new-password"
        />
        <Button type="submit" block disabled={isSubmitting || account.forms.busy === 'register'}>
          {t('account.register.submit')}
        </Button>
      </form>
      <div className="account-links">
        <Button variant="link" onClick={onHaveAccount ?? (() => account.goTo('login'))}>
          {t('account.register.have_account')}
        </Button>
      </div>
    </AccountCard>
  );
});
