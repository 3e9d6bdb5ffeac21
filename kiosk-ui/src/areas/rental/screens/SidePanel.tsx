import { observer } from 'mobx-react-lite';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { unitDimensions, unitLabelKey } from '../../browse/categories';
import { moveInCostRows } from '../../browse/cost-lines';
import { unitDescription } from '../../browse/unit-description';
import { Button } from '../../../components/Button';
import { Spinner } from '../../../components/Spinner';
import { useStores } from '../../../shared/stores/StoresProvider';
import { formatMoney } from '../../../utils/money';
import { OPERATOR_LANGUAGE } from '../../../i18n/operator-language';

/** The total's row: a pay button says it with its name (SectionFrame doneDescribedBy). */
export const SIDE_PANEL_TOTAL_ID = 'side-panel-total';

/**
 * The side panel summary (rental §2): 'Your Storage' with CHANGE, dimensions and move-in date,
 * Monthly Rent (not for in-store-only facilities), the move-in cost lines ending with 'Total Cost
 * to Move In', 'Calculating Move-In Cost ...' while loading, and 'Credit Card Payments ONLY' with
 * the Facility Manager for other payment methods.
 */
export const SidePanel = observer(function SidePanel() {
  const { t } = useTranslation();
  const { rental, config } = useStores();
  const headingId = useId();
  const unit = rental.pick.unit;
  const rows = moveInCostRows(rental.pick.costLines);
  const monthlyRent = rental.pick.space?.rental_rate ?? unit?.rental_rate ?? null;
  const inStoreOnly = Boolean(config.facility?.show_instore_only_in_kiosk);
  const money = (amount: number) => formatMoney(amount, { cents: true });
  return (
    <aside className="side-panel" aria-labelledby={headingId}>
      <div className="side-panel__head">
        <h2 id={headingId} className="side-panel__title">
          {t('browse.side_panel.your_storage')}
        </h2>
        <Button variant="secondary" className="side-panel__change" onClick={() => rental.goTo('detail_page')}>
          {t('browse.side_panel.change')}
        </Button>
      </div>
      {unit && (
        <div className="side-panel__unit">
          <p className="side-panel__dimensions">
            {unitDimensions(unit)} <span className="side-panel__unit-label">{t(unitLabelKey(unit))}</span>
          </p>
          <p className="side-panel__type">
            {unit.unit_type}
            {rental.model.unit_door_number && ` · #${rental.model.unit_door_number}`}
          </p>
          {unitDescription(unit) && (
            <p className="side-panel__description" lang={OPERATOR_LANGUAGE}>
              {unitDescription(unit)}
            </p>
          )}
          <dl className="side-panel__facts">
            <div>
              <dt>{t('browse.side_panel.move_in_date')}</dt>
              <dd>{rental.moveInDate}</dd>
            </div>
            {!inStoreOnly && monthlyRent !== null && (
              <div>
                <dt>{t('browse.side_panel.monthly_rent')}</dt>
                <dd>{money(monthlyRent)}</dd>
              </div>
            )}
          </dl>
        </div>
      )}
      <div className="side-panel__costs" aria-live="polite">
        {rental.pick.costLoading ? (
          <div className="side-panel__calculating">
            <Spinner label={t('browse.side_panel.calculating')} />
            <p>{t('browse.side_panel.calculating')}</p>
          </div>
        ) : (
          rows.length > 0 && (
            <dl className="cost-list">
              {rows.map((row, index) => (
                <div
                  key={`${row.kind}-${index}`}
                  id={row.kind === 'total' ? SIDE_PANEL_TOTAL_ID : undefined}
                  className={`cost-list__row cost-list__row--${row.kind}`}
                >
                  <dt>{row.labelKey ? t(row.labelKey) : row.name}</dt>
                  <dd data-testid={row.kind === 'total' ? 'move-in-total' : undefined}>
                    {row.negative ? `-${money(row.amount)}` : money(row.amount)}
                  </dd>
                </div>
              ))}
            </dl>
          )
        )}
      </div>
      <p className="side-panel__notice">{t('browse.side_panel.credit_card_only')}</p>
      <p className="side-panel__manager">{t('rental.card.other_payments')}</p>
    </aside>
  );
});
