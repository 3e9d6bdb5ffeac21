import type { Unit } from '@kiosk/shared-types';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { unitActionKey, unitDimensions, unitLabelKey } from '../categories';
import { unitDescription } from '../unit-description';
import { Button } from '../../../components/Button';
import { useStores } from '../../../shared/stores/StoresProvider';
import { scrollBehavior } from '../../../utils/motion';
import { formatMoney } from '../../../utils/money';
import { SpaceRow } from './SpaceRow';
import { afterTapPaint } from '../../../utils/after-paint';
import { OPERATOR_LANGUAGE } from '../../../i18n/operator-language';

const UnitRow = observer(function UnitRow({ unit }: { unit: Unit }) {
  const { t } = useTranslation();
  const { units, rental, config } = useStores();
  const spaces = units.spacesOf(unit.unit_id);
  const action = unitActionKey(unit);
  const soldOut = unit.quantity_available_to_rent <= 0;
  const name = `${unitDimensions(unit)} ${t(unitLabelKey(unit))}`;
  const description = unitDescription(unit);
  return (
    <li className="unit-row" data-unit-id={unit.unit_id}>
      <div className="unit-row__main">
        <div className="unit-row__size">
          <span className="unit-row__dimensions">{unitDimensions(unit)}</span>
          <span className="unit-row__label">{t(unitLabelKey(unit))}</span>
        </div>
        <div className="unit-row__type">
          <span>{unit.unit_type}</span>
          {description && (
            <span className="unit-row__description" lang={OPERATOR_LANGUAGE}>
              {description}
            </span>
          )}
        </div>
        <div className="unit-row__rates" id={`unit-rates-${unit.unit_id}`}>
          {unit.board_rate !== null && (
            <span className="unit-row__board">
              <span className="unit-row__rate-label">{t('browse.unit.in_store_rate')}</span>
              <s>{formatMoney(unit.board_rate)}</s>
            </span>
          )}
          {unit.rental_rate !== null && (
            <span className="unit-row__self-serve">
              <span className="unit-row__rate-label">{t('browse.unit.self_serve_rate')}</span>
              <strong>{formatMoney(unit.rental_rate)}</strong>
            </span>
          )}
        </div>
        <div className="unit-row__action">
          {action === 'browse.select' ? (
            <Button
              className="unit-row__select"
              disabled={soldOut || rental.pick.holding}
              aria-label={`${t('browse.select')} ${name} ${unit.unit_type}`}
              // The price is said with the choice, as it is seen beside it.
              aria-describedby={`unit-rates-${unit.unit_id}`}
              onClick={() => afterTapPaint(() => void rental.selection.chooseUnit(unit))}
            >
              {t('browse.select')}
            </Button>
          ) : (
            <a
              className="kiosk-button kiosk-button--secondary unit-row__call"
              href={`tel:${config.facility?.phone ?? ''}`}
            >
              {t('browse.call')}
            </a>
          )}
        </div>
      </div>
      {spaces.length > 0 && (
        <ul className="space-list" aria-label={t('browse.space.list_label', { name })}>
          {spaces.map((space) => (
            <SpaceRow key={space.door_id} space={space} unit={unit} />
          ))}
        </ul>
      )}
    </li>
  );
});

/** The open category: its unit rows, each with its spaces. */
export const UnitGroupPanel = observer(function UnitGroupPanel() {
  const { t } = useTranslation();
  const { units } = useStores();
  const summary = units.openSummary;
  const panel = useRef<HTMLElement>(null);
  const reveal = units.revealGroup && summary !== null;
  // A category just chosen opens below the cards: bring it into view (its spaces look their
  // status up then). Coming back to the list keeps the place instead.
  useEffect(() => {
    if (!reveal) return;
    panel.current?.scrollIntoView?.({ block: 'start', behavior: scrollBehavior() });
    units.groupRevealed();
  }, [reveal, units]);
  if (!summary) return null;
  return (
    <section ref={panel} id="unit-group-panel" className="unit-group" aria-labelledby="unit-group-title">
      <div className="unit-group__head">
        <h2 id="unit-group-title" className="unit-group__title">
          {t(summary.titleKey)}
        </h2>
        <Button variant="secondary" onClick={() => units.openUnitGroup(null)}>
          {t('common.close')}
        </Button>
      </div>
      <ul className="unit-list">
        {summary.units.map((unit) => (
          <UnitRow key={unit.unit_id} unit={unit} />
        ))}
      </ul>
    </section>
  );
});
