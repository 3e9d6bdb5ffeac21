import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../../components/form/TextField';
import {
  newPasswordSchema,
  PASSWORD_HINT,
  type NewPasswordValues,
  type PasswordScore,
} from '../../../account/forms/account';
import { translateMessage } from '../../../../forms/messages';
import { schemaResolver } from '../../../../forms/schema-resolver';
import { useStores } from '../../../../shared/stores/StoresProvider';
import { submitAfterTapPaint } from '../../../../utils/after-paint';

type Zxcvbn = (password: string) => { score: number; feedback: { suggestions: string[] } };

let checker: Promise<Zxcvbn> | null = null;

/** zxcvbn is big: it is loaded here, on the password screens, and nowhere else (README "Heavy code"). */
function loadChecker(): Promise<Zxcvbn> {
  checker ??= import('zxcvbn').then((module) => (module.default ?? module) as unknown as Zxcvbn);
  // A failed load may be retried on the next check.
  checker.catch(() => {
    checker = null;
  });
  return checker;
}

async function scorePassword(password: string): Promise<PasswordScore> {
  const result = (await loadChecker())(password);
  return { score: result.score, suggestions: result.feedback.suggestions };
}

export interface PasswordFormProps {
  /** The section frame's Done submits this form. */
  formId: string;
  /** The password was saved. */
  onSaved: () => void;
}

/**
 * The online account's password (rental §5): at least 6, hint '1 uppercase and 1 special
 * character', strength above 0 or 'Password is too weak. ' plus the checker's first suggestion, and
 * its confirmation; saved with update-consumer-password ('Update Password Failed. Please try again.').
 */
export const PasswordForm = observer(function PasswordForm({ formId, onSaved }: PasswordFormProps) {
  const { t } = useTranslation();
  const { rental, checkout } = useStores();
  useEffect(() => {
    void loadChecker().catch(() => undefined);
  }, []);
  const { control, handleSubmit } = useForm<NewPasswordValues>({
    resolver: schemaResolver(newPasswordSchema({ scorePassword })),
    defaultValues: { newpassword: '', newpassword1: '' },
  });
  const submit = handleSubmit(async (values) => {
    if (await checkout.confirmation.updatePassword(values.newpassword)) onSaved();
  });
  return (
    <form id={formId} className="rental-form new-account" noValidate onSubmit={submitAfterTapPaint(submit)}>
      <p className="new-account__email">{t('rental.new_account.email', { email: rental.model.tenant_email })}</p>
      <TextField
        control={control}
        name="newpassword"
        kind="password"
        label={t('rental.new_account.password')}
        hint={translateMessage(PASSWORD_HINT, t)}
        required
      />
      <TextField
        control={control}
        name="newpassword1"
        kind="password"
        label={t('rental.new_account.confirm_password')}
        required
      />
      {checkout.confirmation.passwordState === 'failed' && (
        <p className="kiosk-field-error" role="alert">
          {t('rental.new_account.update_failed')}
        </p>
      )}
    </form>
  );
});
