import { observer } from 'mobx-react-lite';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { IMaskInput } from 'react-imask';
import { Button } from '../../../components/Button';
import { FieldError } from '../../../components/form/FieldError';
import { PHONE_MASK } from '../../../forms/phone';
import { useStores } from '../../../shared/stores/StoresProvider';
import type { SectionScreenProps } from '../../../sections/screen-props';
import './samples.css';

interface SampleValues {
  name: string;
  email: string;
  phone: string;
  zip: string;
  gate_code: string;
  search: string;
}

const EMPTY: SampleValues = { name: '', email: '', phone: '', zip: '', gate_code: '', search: '' };

interface LoginValues {
  username: string;
  password: string;
}

/**
 * A test login through the real account store and the sandbox's login route, so developers and
 * the session e2e can reach the logged-in shell (Logout item, logout confirmation, auto-logout)
 * before the account screens exist. Sandbox user: tenant@example.com / Password!1.
 */
const TestLogin = observer(function TestLogin() {
  const { t } = useTranslation();
  const { account } = useStores();
  const id = useId();
  const { register, handleSubmit } = useForm<LoginValues>({ defaultValues: { username: '', password: '' } });
  const [error, setError] = useState<string | null>(null);
  const login = handleSubmit(async ({ username, password }) => {
    const result = await account.forms.loginWithEmail(username, password);
    if (result.ok) setError(null);
    else if (result.form && 'text' in result.form) setError(result.form.text);
    else setError(Object.values(result.fields)[0] ?? t('account.errors.something_went_wrong'));
  });
  return (
    <form className="kiosk-samples__form" aria-labelledby={`${id}-title`} noValidate onSubmit={login}>
      <h2 id={`${id}-title`} className="kiosk-samples__subtitle">
        {t('shell.samples.login_title')}
      </h2>
      <div className="kiosk-samples__field">
        <label htmlFor={`${id}-username`}>{t('shell.samples.email')}</label>
        <input
          id={`${id}-username`}
          type="text"
          inputMode="email"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          data-keyboard="email"
          {...register('username')}
        />
      </div>
      <div className="kiosk-samples__field">
        <label htmlFor={`${id}-password`}>{t('shell.samples.password')}</label>
        <input
          id={`${id}-password`}
          type="password"
          autoComplete="off"
          data-keyboard="submit"
          {...register('password')}
        />
      </div>
      <Button type="submit" variant="primary">
        {t('shell.samples.login')}
      </Button>
      <p role="status" className="kiosk-samples__result">
        {account.loggedIn && account.email ? t('shell.samples.logged_in', { email: account.email }) : ''}
      </p>
      <FieldError message={error} />
    </form>
  );
});

/**
 * samples (shell spec §2: "a developer test page"): one field per on-screen keyboard layout, the
 * way product forms declare them. Open it with /{facId}?section=samples. The phone field shows
 * the pattern for masked inputs: react-hook-form Controller + IMaskInput + onAccept.
 */
const SamplesScreen = observer(function SamplesScreen(_props: SectionScreenProps) {
  const { t } = useTranslation();
  const id = useId();
  const { register, control, handleSubmit } = useForm<SampleValues>({ defaultValues: EMPTY });
  const [submitted, setSubmitted] = useState<string | null>(null);

  return (
    <section className="kiosk-screen kiosk-samples" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`} className="kiosk-heading">
        {t('shell.samples.title')}
      </h1>
      <p className="kiosk-samples__intro">{t('shell.samples.intro')}</p>
      <form className="kiosk-samples__form" noValidate onSubmit={handleSubmit((values) => setSubmitted(values.search))}>
        <div className="kiosk-samples__field">
          <label htmlFor={`${id}-name`}>{t('shell.samples.name')}</label>
          <input id={`${id}-name`} type="text" autoComplete="off" data-keyboard="normal" {...register('name')} />
        </div>
        <div className="kiosk-samples__field">
          <label htmlFor={`${id}-email`}>{t('shell.samples.email')}</label>
          {/* type=text + inputMode=email: type=email has no caret position to type at. */}
          <input
            id={`${id}-email`}
            type="text"
            inputMode="email"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            data-keyboard="email"
            {...register('email')}
          />
        </div>
        <div className="kiosk-samples__field">
          <label htmlFor={`${id}-phone`}>{t('shell.samples.phone')}</label>
          <Controller
            name="phone"
            control={control}
            render={({ field }) => (
              <IMaskInput
                id={`${id}-phone`}
                mask={PHONE_MASK}
                value={field.value}
                onAccept={(value: string) => field.onChange(value)}
                onBlur={field.onBlur}
                inputRef={field.ref}
                name={field.name}
                type="text"
                inputMode="tel"
                autoComplete="off"
                data-keyboard="phone"
              />
            )}
          />
        </div>
        <div className="kiosk-samples__field">
          <label htmlFor={`${id}-zip`}>{t('shell.samples.zip')}</label>
          <input
            id={`${id}-zip`}
            type="text"
            inputMode="numeric"
            maxLength={5}
            autoComplete="off"
            data-keyboard="numeric"
            {...register('zip')}
          />
        </div>
        <div className="kiosk-samples__field">
          <label htmlFor={`${id}-gate`}>{t('shell.samples.gate_code')}</label>
          <input id={`${id}-gate`} type="text" autoComplete="off" data-keyboard="compact" {...register('gate_code')} />
        </div>
        <div className="kiosk-samples__field">
          <label htmlFor={`${id}-search`}>{t('shell.samples.search')}</label>
          <input id={`${id}-search`} type="text" autoComplete="off" data-keyboard="submit" {...register('search')} />
        </div>
        <Button type="submit" variant="primary">
          {t('shell.keyboard.submit')}
        </Button>
      </form>
      <p className="kiosk-samples__result" role="status">
        {submitted !== null ? t('shell.samples.submitted', { value: submitted }) : ''}
      </p>
      <TestLogin />
    </section>
  );
});

export default SamplesScreen;
