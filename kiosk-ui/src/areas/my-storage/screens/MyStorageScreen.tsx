import { observer } from 'mobx-react-lite';
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button';
import { Spinner } from '../../../components/Spinner';
import { sectionForPath } from '../../../sections/kiosk-paths';
import { isPending } from '../../../models/loadable';
import type { TenantUnit } from '../tenant-units';
import { useStores } from '../../../shared/stores/StoresProvider';
import { formatMoney } from '../../../utils/money';
import { accountMessageText } from '../../account/screens/AccountCard';
import { LoginForm } from '../../account/screens/LoginForm';
import { MobileLoginForm } from '../../account/screens/MobileLoginForm';
import './my-storage.css';

/** The operator's one-time codes are 6 digits: the sixth logs in without a tap on Login. */
const OTP_CODE_LENGTH = 6;

/**
 * MY STORAGE (docs/my-storage.md): logged out, the cell phone on file and a code by text (or the
 * e-mail login); logged in, the tenant's units and what they can do for the picked one: the gate
 * code by text, contact details, move out, pay the bill, buy supplies.
 */
const MyStorageScreen = observer(function MyStorageScreen() {
  const { account, myStorage } = useStores();
  useEffect(() => {
    void myStorage.open();
  }, [myStorage, account.userToken]);
  return <div className="my-storage">{account.loggedIn ? <TenantHub /> : <TenantLogin />}</div>;
});

export default MyStorageScreen;

const TenantLogin = observer(function TenantLogin() {
  const { t } = useTranslation();
  const { myStorage, identity } = useStores();
  const mobile = myStorage.loginMode === 'mobile';
  return (
    <section className="my-storage__card" aria-labelledby="my-storage-title">
      <h1 id="my-storage-title" className="my-storage__title">
        {t('my_storage.title')}
      </h1>
      <p className="my-storage__prompt">{mobile ? t('my_storage.login.prompt') : t('account.login.prompt')}</p>
      <div className="my-storage__modes" role="group" aria-label={t('my_storage.login.modes')}>
        <Button
          variant={mobile ? 'primary' : 'secondary'}
          aria-pressed={mobile}
          onClick={() => myStorage.setLoginMode('mobile')}
        >
          {t('identity.login.with_mobile')}
        </Button>
        <Button
          variant={mobile ? 'secondary' : 'primary'}
          aria-pressed={!mobile}
          onClick={() => myStorage.setLoginMode('email')}
        >
          {t('identity.login.with_email')}
        </Button>
      </div>
      {mobile ? (
        <MobileLoginForm
          validatePhone={identity.validatePhone}
          onSuccess={myStorage.loggedInByPhone}
          onUseEmail={() => myStorage.setLoginMode('email')}
          autoFocus
          codeLength={OTP_CODE_LENGTH}
        />
      ) : (
        <LoginForm context="rental" titled={false} onLoggedIn={() => void myStorage.open()} />
      )}
    </section>
  );
});

const TenantHub = observer(function TenantHub() {
  const { t } = useTranslation();
  const { myStorage, shell } = useStores();
  const linkRental = sectionForPath('/pay-bill');
  const { unitsLoad } = myStorage;
  return (
    <section className="my-storage__card my-storage__card--wide" aria-labelledby="my-storage-title">
      <h1 id="my-storage-title" className="my-storage__title">
        {t('my_storage.title')}
      </h1>
      {isPending(unitsLoad) && (
        <>
          <p className="my-storage__prompt">{t('my_storage.loading')}</p>
          <Spinner label={t('my_storage.loading')} />
        </>
      )}
      {unitsLoad.state === 'failed' && (
        <div className="my-storage__notice" role="alert">
          <p>{t('my_storage.unreachable')}</p>
          <Button onClick={() => void myStorage.open()}>{t('my_storage.retry')}</Button>
        </div>
      )}
      {unitsLoad.state === 'ready' && unitsLoad.value.length === 0 && (
        <div className="my-storage__notice" role="status">
          <p>{t('my_storage.no_units')}</p>
          {linkRental && <Button onClick={() => shell.openPath('/pay-bill')}>{t('my_storage.link_rental')}</Button>}
        </div>
      )}
      {unitsLoad.state === 'ready' && unitsLoad.value.length > 0 && (
        <>
          <UnitList />
          <AccountActions />
        </>
      )}
    </section>
  );
});

const UnitList = observer(function UnitList() {
  const { t } = useTranslation();
  const { myStorage } = useStores();
  const titleId = useId();
  return (
    <div className="my-storage__units-block">
      <h2 id={titleId} className="my-storage__subtitle">
        {t('my_storage.units.title')}
      </h2>
      <p className="my-storage__hint">{t('my_storage.gate_code.hint')}</p>
      <ul className="my-storage__units" aria-labelledby={titleId}>
        {myStorage.units.map((unit) => (
          <li key={unit.key}>
            <UnitCard unit={unit} />
          </li>
        ))}
      </ul>
    </div>
  );
});

/** A unit: its door, balance, the locked-out mark, My gate code and what came of it. */
const UnitCard = observer(function UnitCard({ unit }: { unit: TenantUnit }) {
  const { t } = useTranslation();
  const { myStorage } = useStores();
  const titleId = useId();
  const status =
    myStorage.gateCode.state !== 'idle' && myStorage.gateCode.unitKey === unit.key ? myStorage.gateCode : null;
  return (
    <article className="my-storage__unit" aria-labelledby={titleId}>
      <h3 id={titleId} className="my-storage__unit-name">
        {t('my_storage.units.unit', { door: unit.door })}
      </h3>
      <p className="my-storage__unit-balance">
        {t('my_storage.units.balance')}: <strong>{formatMoney(unit.balance, { cents: true })}</strong>
      </p>
      {unit.lockedOut && <p className="my-storage__locked">{t('my_storage.units.locked_out')}</p>}
      <Button
        block
        onClick={() => void myStorage.sendGateCode(unit.key)}
        disabled={myStorage.gateCode.state === 'sending'}
      >
        {t('my_storage.actions.gate_code')}
      </Button>
      <div className="my-storage__status" aria-live="polite">
        {status?.state === 'sending' && <p>{t('my_storage.gate_code.sending')}</p>}
        {status?.state === 'sent' && (
          <p className="my-storage__sent" role="status">
            {t('my_storage.gate_code.sent', { phone: status.phone })}
          </p>
        )}
      </div>
      <div aria-live="assertive">
        {status?.state === 'failed' && (
          <p className="my-storage__error" role="alert">
            {accountMessageText(status.message, t)}
          </p>
        )}
      </div>
    </article>
  );
});

/** The paths of the actions that open another screen, with their texts (docs/my-storage.md). */
const LINKS = [
  { path: '/my-storage/contact', label: 'my_storage.actions.contact' },
  { path: '/my-storage/move-out', label: 'my_storage.actions.move_out' },
  { path: '/pay-bill', label: 'my_storage.actions.pay_bill' },
  { path: '/merchandise', label: 'my_storage.actions.merchandise' },
] as const;

/** The account's other services: those a section answers (sections/kiosk-paths.ts). */
const AccountActions = observer(function AccountActions() {
  const { t } = useTranslation();
  const { shell } = useStores();
  const titleId = useId();
  return (
    <div className="my-storage__actions-block" role="group" aria-labelledby={titleId}>
      <h2 id={titleId} className="my-storage__subtitle">
        {t('my_storage.actions.title')}
      </h2>
      <ul className="my-storage__links">
        {LINKS.filter((link) => sectionForPath(link.path) !== null).map((link) => (
          <li key={link.path}>
            <Button variant="secondary" block onClick={() => shell.openPath(link.path)}>
              {t(link.label)}
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
});
