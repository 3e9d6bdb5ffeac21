import { yupResolver } from '@hookform/resolvers/yup';
import { observer } from 'mobx-react-lite';
import { useEffect, useId } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button';
import { nextSection } from '../../../flow/flow';
import { newPasswordSchema, PASSWORD_HINT, type NewPasswordValues, type PasswordScore } from '../../../forms/account';
import { translateMessage } from '../../../forms/messages';
import { useStores } from '../../../stores/StoresProvider';
import { TextField } from '../../../components/form/TextField';
import { SectionFrame } from '../SectionFrame';
import type { RentalSectionProps } from '../../screen-props';
import '../checkout.css';

type Zxcvbn = (password: string) => { score: number; feedback: { suggestions: string[] } };

let checker: Promise<Zxcvbn> | null = null;

/** zxcvbn is big: it is loaded here, on the password screen, and nowhere else (README "Heavy code"). */
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

/**
 * The online account for new users (rental §2 Confirm rental, §5): a password (at least 6, hint
 * '1 uppercase and 1 special character', strength above 0 or 'Password is too weak. ' plus the
 * checker's first suggestion) and its confirmation, saved with update-consumer-password. At a
 * smart-access facility it reads 'Almost Done!' / 'Simply choose a password to access your
 * online account.'.
 */
export default observer(function CreateOnlineAccount(_props: RentalSectionProps) {
  const { t } = useTranslation();
  const { rental, checkout, config } = useStores();
  const id = useId();
  useEffect(() => {
    void loadChecker().catch(() => undefined);
  }, []);
  const { control, handleSubmit } = useForm<NewPasswordValues>({
    resolver: yupResolver(newPasswordSchema({ scorePassword })) as unknown as Resolver<NewPasswordValues>,
    defaultValues: { newpassword: '', newpassword1: '' },
  });
  const moveOn = () => (nextSection(rental.flow) ? rental.done() : checkout.finish());
  const submit = handleSubmit(async (values) => {
    if (await checkout.updatePassword(values.newpassword)) moveOn();
  });
  const smart = Boolean(config.facility?.noke);
  const failed = checkout.passwordState === 'failed';
  return (
    <SectionFrame
      title={smart ? t('rental.new_account.almost_done') : t('rental.new_account.title')}
      subtitle={t('rental.new_account.choose_password')}
      hideCancel
      sidePanel={false}
      formId={`${id}-form`}
      doneLabel={t(checkout.confirmDoneKey as 'flow.finish')}
      doneDisabled={checkout.passwordState === 'saving'}
      footer={
        <Button variant="secondary" onClick={moveOn}>
          {t('rental.new_account.skip')}
        </Button>
      }
    >
      <form id={`${id}-form`} className="rental-form new-account" noValidate onSubmit={(event) => void submit(event)}>
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
        {failed && (
          <p className="kiosk-field-error" role="alert">
            {t('rental.new_account.update_failed')}
          </p>
        )}
      </form>
    </SectionFrame>
  );
});
