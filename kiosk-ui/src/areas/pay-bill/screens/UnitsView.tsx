import { observer } from 'mobx-react-lite';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button';
import { formatPaidThrough } from '../balance';
import type { PayUnit } from '../PayBillStore';
import { useStores } from '../../../shared/stores/StoresProvider';
import { formatMoney } from '../../../utils/money';
import { afterTapPaint } from '../../../utils/after-paint';

const panelId = (unit: PayUnit) => `pay-unit-${unit.key.replace(/[^A-Za-z0-9_-]/g, '-')}`;

/**
 * The unit list (shell spec §2 state 2): PAY MY BILL, a payment panel per unit, the running grand
 * total and Make a payment; beside it the My Rental side panel.
 */
export const UnitsView = observer(function UnitsView() {
  const { t } = useTranslation();
  const { payBill } = useStores();
  return (
    <div className="pay-bill pay-bill--units">
      <section className="pay-bill__main" aria-labelledby="pay-bill-title">
        <h1 id="pay-bill-title" className="pay-bill__title">
          {t('pay_bill.title')}
        </h1>
        <div className="pay-bill__units">
          {payBill.units.map((unit) => (
            <UnitPanel key={unit.key} unit={unit} />
          ))}
        </div>
        <div className="pay-bill__total-bar">
          <p className="pay-bill__total" aria-live="polite">
            <span>{t('pay_bill.grand_total')}</span> <strong>{formatMoney(payBill.grandTotal, { cents: true })}</strong>
          </p>
          {!payBill.canMakePayment && <p className="pay-bill__hint">{t('pay_bill.tick_a_unit')}</p>}
          <Button onClick={() => afterTapPaint(payBill.makePayment)} disabled={!payBill.canMakePayment}>
            {t('pay_bill.make_payment')}
          </Button>
        </div>
      </section>
      <MyRentalPanel />
    </div>
  );
});

/** One unit: balance due, paid-through, pay-through choices, amount, autopay enrol / update / cancel. */
const UnitPanel = observer(function UnitPanel({ unit }: { unit: PayUnit }) {
  const { t } = useTranslation();
  const { payBill } = useStores();
  const id = useId();
  const { space, choice } = unit;
  const paidThrough = formatPaidThrough(space.paidThrough);
  const billingDate = formatPaidThrough(space.billingDate);
  const selected = payBill.selectedKey === unit.key;
  const amount = unit.amountToPay;
  const card = unit.autoPayCard;

  return (
    <article
      id={panelId(unit)}
      className={selected ? 'pay-unit pay-unit--selected' : 'pay-unit'}
      aria-labelledby={`${id}-title`}
    >
      <header className="pay-unit__header">
        <h2 id={`${id}-title`} className="pay-unit__title">
          {t('pay_bill.unit.title', { unit: space.unit_number })}
        </h2>
        {space.actual_width && space.actual_length ? (
          <span className="pay-unit__size">
            {t('pay_bill.unit.size', { width: space.actual_width, length: space.actual_length })}
          </span>
        ) : null}
      </header>
      {unit.lockedOutKey && (
        <p id={`${id}-locked-out`} className="pay-unit__locked-out">
          {t(unit.lockedOutKey)}
        </p>
      )}
      <dl className="pay-unit__facts">
        <div>
          <dt>{t('pay_bill.unit.balance_due')}</dt>
          <dd>{formatMoney(unit.balanceDue, { cents: true })}</dd>
        </div>
        {paidThrough && (
          <div>
            <dt>{t('pay_bill.unit.paid_through')}</dt>
            <dd>{paidThrough}</dd>
          </div>
        )}
        {billingDate && (
          <div>
            <dt>{t('pay_bill.unit.billing_date')}</dt>
            <dd>{billingDate}</dd>
          </div>
        )}
        <div className="pay-unit__autopay-state">
          <dt className="kiosk-visually-hidden">{t('pay_bill.unit.autopay')}</dt>
          <dd>
            {unit.autoPayEnabled
              ? card
                ? t('pay_bill.unit.autopay_on', { card })
                : t('pay_bill.unit.autopay_on_no_card')
              : t('pay_bill.unit.autopay_off')}
          </dd>
        </div>
      </dl>

      <div className="pay-unit__controls">
        <div className="pay-unit__pay">
          <label className="checkout-check">
            <input
              type="checkbox"
              checked={choice.payMyBill}
              disabled={unit.payForced}
              aria-describedby={
                [unit.lockedOutKey && `${id}-locked-out`, unit.payForced && `${id}-forced`].filter(Boolean).join(' ') ||
                undefined
              }
              onChange={(event) => payBill.tickPay(unit, event.target.checked)}
            />
            <span>{t('pay_bill.unit.pay_my_bill')}</span>
          </label>
          {unit.payForced && (
            <p id={`${id}-forced`} className="pay-unit__note">
              {t('pay_bill.unit.forced_pay_note')}
            </p>
          )}
        </div>
        <div className="pay-unit__period">
          <label className="checkout-field__label" htmlFor={`${id}-period`}>
            {t('pay_bill.unit.pay_through')}
          </label>
          <select
            id={`${id}-period`}
            className="checkout-input checkout-select"
            value={unit.shownPeriod}
            disabled={unit.payForced}
            onChange={(event) => payBill.setPeriod(unit, Number(event.target.value))}
          >
            {unit.periodChoices.map((option) => (
              <option key={option.value} value={option.value}>
                {option.labelKey === 'pay_bill.period.balance_due'
                  ? t('pay_bill.period.balance_due')
                  : t('pay_bill.period.months', { count: option.count })}
              </option>
            ))}
          </select>
        </div>
        <p className="pay-unit__amount" aria-live="polite">
          <span>{t('pay_bill.unit.amount')}</span>{' '}
          {amount.kind === 'not-included' ? (
            <span className="pay-unit__not-included">{t('pay_bill.unit.not_included')}</span>
          ) : amount.kind === 'loading' ? (
            <span>{t('pay_bill.unit.loading_charges')}</span>
          ) : amount.kind === 'unavailable' ? (
            <span className="pay-unit__error">{t('pay_bill.unit.charges_unavailable')}</span>
          ) : (
            <strong>{formatMoney(amount.value, { cents: true })}</strong>
          )}
        </p>
        <div className="pay-unit__autopay">
          {unit.autoPayEnabled ? (
            <>
              <label className="checkout-check">
                <input
                  type="checkbox"
                  checked={choice.updateCardDetails}
                  onChange={(event) => payBill.tickUpdateCard(unit, event.target.checked)}
                />
                <span>{t('pay_bill.unit.update_card')}</span>
              </label>
              <Button variant="danger" onClick={() => payBill.requestCancelAutopay(unit)}>
                {t('pay_bill.unit.cancel_autopay')}
              </Button>
            </>
          ) : (
            <label className="checkout-check">
              <input
                type="checkbox"
                checked={choice.enroll_autopay}
                onChange={(event) => payBill.tickEnrol(unit, event.target.checked)}
              />
              <span>{t('pay_bill.unit.enroll_autopay')}</span>
            </label>
          )}
        </div>
      </div>
    </article>
  );
});

/** My Rental (shell spec §2 state 6): the unit selector and a Link a Rental link. */
const MyRentalPanel = observer(function MyRentalPanel() {
  const { t } = useTranslation();
  const { account, payBill, shell } = useStores();
  const select = (unit: PayUnit) => {
    payBill.selectUnit(unit.key);
    document.getElementById(panelId(unit))?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };
  return (
    <aside className="pay-bill__side" aria-labelledby="my-rental-title">
      <h2 id="my-rental-title" className="pay-bill__side-title">
        {t('pay_bill.side_panel.my_rental')}
      </h2>
      {payBill.units.length > 0 && (
        <ul className="pay-bill__unit-list" aria-label={t('pay_bill.side_panel.units_label')}>
          {payBill.units.map((unit) => (
            <li key={unit.key}>
              <button
                type="button"
                className="pay-bill__unit-choice"
                aria-pressed={payBill.selectedKey === unit.key}
                onClick={() => select(unit)}
              >
                <span>{t('pay_bill.unit.title', { unit: unit.space.unit_number })}</span>
                <span className="pay-bill__unit-choice-balance">{formatMoney(unit.balanceDue, { cents: true })}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <Button variant="link" onClick={() => account.goTo('link_rental')}>
        {t('pay_bill.side_panel.link_a_rental')}
      </Button>
      <Button variant="link" onClick={() => shell.selectSection('my_storage_contact')}>
        {t('my_storage.contact_details.entry')}
      </Button>
    </aside>
  );
});
