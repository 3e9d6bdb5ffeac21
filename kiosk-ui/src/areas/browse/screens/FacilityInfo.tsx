import type { KioskTimeEntry } from '@kiosk/shared-types';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { dayHoursView, hoursDayLabel, hoursTitleKey } from '../facility-hours';
import { OPERATOR_LANGUAGE } from '../../../i18n/operator-language';
import { useStores } from '../../../shared/stores/StoresProvider';
import { displayLocale } from '../../../utils/locale';

/** Office hours show when enable_office_hours is set, access hours when enable_access_hours is set. */
function shownTimings(entries: readonly KioskTimeEntry[], office: boolean, access: boolean): KioskTimeEntry[] {
  return entries.filter((entry) => {
    const status = entry.status.toLowerCase();
    if (status.includes('office')) return office;
    if (status.includes('access')) return access;
    return true;
  });
}

function HoursTitle({ status }: { status: string }) {
  const { t } = useTranslation();
  const key = hoursTitleKey(status);
  return key ? (
    <h3 className="hours__title">{t(key)}</h3>
  ) : (
    <h3 className="hours__title" lang={OPERATOR_LANGUAGE}>
      {status}
    </h3>
  );
}

/** A row's hours in the visitor's language; each time stays on one line. */
function DayHours({ time, locale }: { time: string; locale: string }) {
  const { t } = useTranslation();
  const view = dayHoursView(time, locale);
  if (view.kind === 'closed') return <>{t(view.key)}</>;
  if (view.kind === 'as-sent') return <span lang={OPERATOR_LANGUAGE}>{view.text}</span>;
  return (
    <>
      <span className="hours__time">{view.opens}</span> – <span className="hours__time">{view.closes}</span>
    </>
  );
}

/**
 * Facility name and address, hours by kiosk_time with today highlighted, and the facility notes.
 * Headings, weekdays and times the kiosk can read are in the visitor's language
 * (browse/facility-hours.ts); anything else as the operator sent it.
 */
export const FacilityInfo = observer(function FacilityInfo() {
  const { t } = useTranslation();
  const locale = displayLocale();
  const { config } = useStores();
  const facility = config.facility;
  if (!facility) return null;
  const cityLine = [facility.city, [facility.state, facility.postal].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  const timings = shownTimings(
    facility.timings?.kiosk_time ?? [],
    facility.enable_office_hours,
    facility.enable_access_hours,
  );
  return (
    <section className="facility-info" aria-labelledby="facility-info-title">
      <h2 id="facility-info-title" className="facility-info__name" lang={OPERATOR_LANGUAGE}>
        {facility.name}
      </h2>
      <address className="facility-info__address">
        {facility.address1}
        {facility.address2 && (
          <>
            <br />
            {facility.address2}
          </>
        )}
        <br />
        {cityLine}
        {facility.phone && (
          <>
            <br />
            {facility.phone}
          </>
        )}
      </address>
      {timings.map((entry) => (
        <div key={entry.status} className="hours">
          <HoursTitle status={entry.status} />
          <dl className="hours__rows">
            {entry.rows.map((row) => (
              <div
                key={row.label}
                className={row.is_today ? 'hours__row hours__row--today' : 'hours__row'}
                aria-current={row.is_today ? 'date' : undefined}
              >
                <dt>
                  {hoursDayLabel(row.label, locale)}
                  {row.is_today && <span className="hours__today">{t('browse.facility.today')}</span>}
                </dt>
                <dd>
                  <DayHours time={row.time} locale={locale} />
                </dd>
              </div>
            ))}
          </dl>
        </div>
      ))}
      {facility.facility_notes && (
        <p className="facility-info__notes" lang={OPERATOR_LANGUAGE}>
          {facility.facility_notes}
        </p>
      )}
    </section>
  );
});

/** The facility's amenities, each with its icon. */
export const Amenities = observer(function Amenities() {
  const { t } = useTranslation();
  const { units } = useStores();
  const amenities = units.amenityList;
  if (!amenities.length) return null;
  return (
    <section className="amenities" aria-labelledby="amenities-title">
      <h2 id="amenities-title" className="section-title">
        {t('browse.facility.amenities')}
      </h2>
      <ul className="amenities__list">
        {amenities.map((amenity) => (
          <li key={amenity.name} className="amenities__item">
            {amenity.image_url ? (
              <img src={amenity.image_url} alt="" draggable={false} />
            ) : (
              <span className="amenities__dot" aria-hidden="true" />
            )}
            <span lang={OPERATOR_LANGUAGE}>{amenity.name}</span>
          </li>
        ))}
      </ul>
    </section>
  );
});
