import { observer } from 'mobx-react-lite';
import { useEffect, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button';
import { DateField } from '../../../components/form/DateField';
import { SelectField } from '../../../components/form/SelectField';
import { moveOutSchema, type MoveOutValues } from '../forms/move-out';
import { moveOutDateRange } from '../move-out';
import { useStores } from '../../../shared/stores/StoresProvider';
import type { MoveOutStatus } from '../MyStorageStore';
import { formatMoney } from '../../../utils/money';
import { accountMessageText } from '../../account/screens/AccountCard';
import './my-storage.css';
import { schemaResolver } from '../../../forms/schema-resolver';

/**
 * Move out (docs/my-storage.md): a unit and a date from tomorrow; the operator's answer shows its
 * rules (the notice days, what is owed or refunded) and the confirmation mail, or its refusal.
 * Without a logged-in tenant it is MY STORAGE's login.
 */
const MoveOutScreen = observer(function MoveOutScreen() {
  const { t } = useTranslation();
  const { account, myStorage, shell } = useStores();
  const loggedIn = account.loggedIn;
  useEffect(() => {
    // Each visit starts on the form.
    myStorage.clearMoveOut();
  }, [myStorage]);
  useEffect(() => {
    if (!loggedIn) shell.openPath('/my-storage');
    else void myStorage.open();
  }, [loggedIn, shell, myStorage]);
  if (!loggedIn) return null;
  return (
    <div className="my-storage">
      <section className="my-storage__card my-storage__card--wide" aria-labelledby="move-out-title">
        <h1 id="move-out-title" className="my-storage__title">
          {t('my_storage.move_out.title')}
        </h1>
        {myStorage.moveOut.state === 'accepted' ? <MoveOutAccepted status={myStorage.moveOut} /> : <MoveOutForm />}
      </section>
    </div>
  );
});

export default MoveOutScreen;

const MoveOutForm = observer(function MoveOutForm() {
  const { t } = useTranslation();
  const { myStorage, shell } = useStores();
  const schema = useMemo(() => moveOutSchema(), []);
  const range = useMemo(() => moveOutDateRange(), []);
  const form = useForm<MoveOutValues>({
    resolver: schemaResolver(schema),
    defaultValues: { unit: myStorage.selectedKey ?? '', move_out_date: '' },
  });
  const status = myStorage.moveOut;
  const unitKey = myStorage.selectedKey;
  useEffect(() => {
    // The units arrived after the form (opened straight after logging in): the picked one.
    if (unitKey && !form.getValues('unit')) form.setValue('unit', unitKey);
  }, [unitKey, form]);
  const options = myStorage.units.map((unit) => ({
    value: unit.key,
    label: t('my_storage.units.unit', { door: unit.door }),
  }));
  return (
    <form
      className="my-storage__form"
      noValidate
      onSubmit={form.handleSubmit((values) => myStorage.giveMoveOutNotice(values.unit, values.move_out_date))}
    >
      <p className="my-storage__prompt">{t('my_storage.move_out.prompt')}</p>
      <SelectField
        control={form.control}
        name="unit"
        label={t('my_storage.move_out.unit')}
        placeholder={t('my_storage.move_out.choose_unit')}
        options={options}
        look="panel"
        required
      />
      <DateField
        control={form.control}
        name="move_out_date"
        label={t('my_storage.move_out.date')}
        min={range.min}
        max={range.max}
        look="panel"
        required
      />
      <div aria-live="polite">{status.state === 'sending' && <p>{t('my_storage.move_out.sending')}</p>}</div>
      <div aria-live="assertive">
        {(status.state === 'refused' || status.state === 'failed') && (
          <div className="my-storage__error" role="alert">
            <p>
              <strong>{t('my_storage.move_out.refused_title')}</strong>
            </p>
            <p>{accountMessageText(status.message, t)}</p>
          </div>
        )}
      </div>
      <div className="my-storage__row">
        <Button variant="secondary" onClick={() => shell.openPath('/my-storage')}>
          {t('my_storage.move_out.back')}
        </Button>
        <Button type="submit" disabled={status.state === 'sending'}>
          {t('my_storage.move_out.submit')}
        </Button>
      </div>
    </form>
  );
});

const MoveOutAccepted = observer(function MoveOutAccepted({
  status,
}: {
  status: Extract<MoveOutStatus, { state: 'accepted' }>;
}) {
  const { t } = useTranslation();
  const { myStorage, shell } = useStores();
  const unit = myStorage.units.find((candidate) => candidate.key === status.unitKey);
  const { result } = status;
  return (
    <div className="my-storage__answer">
      <p className="my-storage__sent" role="status">
        {t('my_storage.move_out.accepted', { door: unit?.door ?? '' })}
      </p>
      <dl className="my-storage__facts">
        <div>
          <dt>{t('my_storage.move_out.move_out_date')}</dt>
          <dd>{result.move_out_date}</dd>
        </div>
        <div>
          <dt>{t('my_storage.move_out.notice_days')}</dt>
          <dd>{t('my_storage.move_out.notice_days_value', { count: result.notice_days })}</dd>
        </div>
        {result.balance > 0 && (
          <div>
            <dt>{t('my_storage.move_out.balance')}</dt>
            <dd>{formatMoney(result.balance, { cents: true })}</dd>
          </div>
        )}
        {result.refund > 0 && (
          <div>
            <dt>{t('my_storage.move_out.refund')}</dt>
            <dd>{formatMoney(result.refund, { cents: true })}</dd>
          </div>
        )}
      </dl>
      {result.message && <p className="my-storage__prompt">{result.message}</p>}
      {status.email && (
        <p className="my-storage__prompt">{t('my_storage.move_out.confirmation', { email: status.email })}</p>
      )}
      <div className="my-storage__row">
        <Button onClick={() => shell.openPath('/my-storage')}>{t('my_storage.move_out.back')}</Button>
      </div>
    </div>
  );
});
