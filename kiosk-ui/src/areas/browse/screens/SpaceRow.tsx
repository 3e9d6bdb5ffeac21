import type { Space, Unit } from '@kiosk/shared-types';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { doorDetails, NOT_AVAILABLE_KEY, spaceStatusView } from '../space-status';
import { unitDescription } from '../unit-description';
import { Button } from '../../../components/Button';
import { Spinner } from '../../../components/Spinner';
import { useStores } from '../../../shared/stores/StoresProvider';
import { formatMoney } from '../../../utils/money';
import { afterTapPaint } from '../../../utils/after-paint';
import { OPERATOR_LANGUAGE } from '../../../i18n/operator-language';

/** Looks the row's status up the first time it scrolls into view (rental §4 "Space status"). */
function useLookupWhenVisible(space: Space) {
  const { units } = useStores();
  const ref = useRef<HTMLLIElement>(null);
  const pending = space.status === '';
  useEffect(() => {
    if (!pending) return;
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') {
      void units.lookupStatus(space.door_id);
      return;
    }
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) {
        observer.disconnect();
        void units.lookupStatus(space.door_id);
      }
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [pending, space.door_id, units]);
  return ref;
}

const SpaceDetails = observer(function SpaceDetails({ space, unit }: { space: Space; unit: Unit | null }) {
  const { t } = useTranslation();
  const { units } = useStores();
  const state = units.details.get(space.door_id);
  if (!state || state.state === 'loading') return <Spinner />;
  const detail = state.state === 'ready' ? state.value : null;
  const description = unit ? unitDescription(unit) : '';
  return (
    <div className="space-details">
      {description && (
        <p className="space-details__description" lang={OPERATOR_LANGUAGE}>
          {description}
        </p>
      )}
      {detail && detail.images.length > 0 && (
        <ul className="space-details__images">
          {detail.images.map((image) => (
            <li key={image.image_url}>
              <img src={image.thumbnail_image || image.image_url} alt={image.category} />
            </li>
          ))}
        </ul>
      )}
      <dl className="space-details__features">
        {doorDetails(detail).map((row) => (
          <div key={row.labelKey}>
            <dt>{t(row.labelKey as 'browse.space.door_height')}</dt>
            <dd>{row.value ?? t(NOT_AVAILABLE_KEY)}</dd>
          </div>
        ))}
        {detail?.features
          .filter((f) => !['height', 'width', 'ceiling height'].includes(f.property_name.trim().toLowerCase()))
          .map((f) => (
            <div key={f.property_name}>
              <dt>{f.property_name}</dt>
              <dd>{f.selected_choice || t(NOT_AVAILABLE_KEY)}</dd>
            </div>
          ))}
      </dl>
      {detail && detail.amenities.length > 0 && (
        <ul className="space-details__amenities" aria-label={t('browse.facility.amenities')}>
          {detail.amenities.map((amenity) => (
            <li key={amenity} lang={OPERATOR_LANGUAGE}>
              {amenity}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
});

/**
 * A space row: door name, type, the status label (loader while unknown; OCCUPIED, rate + SELECT,
 * TEMPORARY HOLD IN PLACE or UNAVAILABLE) and expandable details.
 */
export const SpaceRow = observer(function SpaceRow({
  space,
  unit,
  fromSearch = false,
}: {
  space: Space;
  unit: Unit | null;
  fromSearch?: boolean;
}) {
  const { t } = useTranslation();
  const { units, rental, config } = useStores();
  const ref = useLookupWhenVisible(space);
  const view = spaceStatusView(space);
  const expanded = units.expandedSpaceId === space.door_id;
  const detailsId = `space-details-${space.door_id}`;
  return (
    <li ref={ref} className={`space-row space-row--${view.kind}`} data-door={space.door_name}>
      <div className="space-row__main">
        <span className="space-row__door">#{space.door_name}</span>
        <span className="space-row__type" id={`space-type-${space.door_id}`}>
          {unit?.unit_type ?? ''}
        </span>
        <Button
          variant="link"
          className="space-row__toggle"
          aria-expanded={expanded}
          aria-controls={detailsId}
          onClick={() => void units.toggleDetails(space.door_id)}
        >
          {t('browse.space.details')}
        </Button>
        <span className="space-row__status">
          {view.kind === 'loading' && <Spinner label={t('common.loading')} />}
          {view.kind === 'available' && (
            <>
              {view.rate !== null && (
                <span className="space-row__rate" id={`space-rate-${space.door_id}`}>
                  {formatMoney(view.rate)}
                </span>
              )}
              {view.actionKey === 'browse.select' && unit ? (
                <Button
                  className="space-row__select"
                  disabled={rental.pick.holding}
                  aria-label={`${t('browse.select')} #${space.door_name}`}
                  // The unit's type and price are said with the choice, as they are seen beside it.
                  aria-describedby={
                    view.rate !== null
                      ? `space-type-${space.door_id} space-rate-${space.door_id}`
                      : `space-type-${space.door_id}`
                  }
                  onClick={() => afterTapPaint(() => void rental.selection.chooseUnit(unit, space, { fromSearch }))}
                >
                  {t('browse.select')}
                </Button>
              ) : (
                <a className="kiosk-button kiosk-button--secondary" href={`tel:${config.facility?.phone ?? ''}`}>
                  {t('browse.call')}
                </a>
              )}
            </>
          )}
          {(view.kind === 'occupied' || view.kind === 'held' || view.kind === 'unavailable') && (
            <span className={`status-label status-label--${view.kind}`}>{t(view.labelKey)}</span>
          )}
        </span>
      </div>
      <div id={detailsId} hidden={!expanded}>
        {expanded && <SpaceDetails space={space} unit={unit} />}
      </div>
    </li>
  );
});
