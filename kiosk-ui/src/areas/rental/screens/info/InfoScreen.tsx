import { observer } from 'mobx-react-lite';
import { useEffect, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  formatUsDate,
  licenceExpiryMin,
  reservationDateOrDefault,
  reservationDateRange,
} from '../../../../utils/dates';
import { infoSchema, type InfoValues } from '../../../../shared/contact/info';
import { schemaResolver } from '../../../../forms/schema-resolver';
import { LicenceScan } from '../identity/LicenceScan';
import type { RentalModel } from '../../../../models/rental-model';
import { useStores } from '../../../../shared/stores/StoresProvider';
import { ContactFields, TENANT_CONTACT } from '../../../../components/form/ContactFields';
import { DateField } from '../../../../components/form/DateField';
import { AddressFields, MAILING_ADDRESS } from '../../../../components/form/AddressFields';
import { CheckboxField } from '../../../../components/form/CheckboxField';
import { FieldGroup } from '../../../../components/form/FieldGroup';
import { SelectField } from '../../../../components/form/SelectField';
import { TextField } from '../../../../components/form/TextField';
import { YesNoField } from '../../../../components/form/ChoiceField';
import { US_STATES } from '../../../../components/form/us-states';
import { useZipLookup } from '../../../../shared/contact/useZipLookup';
import { PayBillEntry } from '../account/PayBillEntry';
import { RentalStepForm } from '../RentalStepForm';
import type { RentalSectionProps } from '../../../../sections/screen-props';
import './info.css';
import { afterNextPaint } from '../../../../utils/after-paint';

const INFO_FIELDS = [
  'tenant_email',
  'tenant_phone',
  'tenant_first_name',
  'tenant_last_name',
  'mailing_address1',
  'mailing_address2',
  'mailing_city',
  'mailing_state',
  'mailing_zip',
  'driving_lis_no',
  'driving_lis_state',
  'driving_lis_expiry',
  'reservation_date',
] as const satisfies readonly (keyof RentalModel & keyof InfoValues)[];

/** The form: the schema's fields, plus two answers that change the flow at once. */
type InfoForm = InfoValues & { business_contact_needed: boolean | null; more_time: boolean };

function valuesFrom(model: RentalModel, reservationMode: boolean): InfoForm {
  const values = Object.fromEntries(INFO_FIELDS.map((name) => [name, model[name] ?? ''])) as InfoValues;
  return { ...values, business_contact_needed: model.business_contact_needed, more_time: reservationMode };
}

/** The licence may expire at the earliest today; the picker offers 30 years ahead. */
const LICENCE_YEARS_AHEAD = 30;

/**
 * Your information (rental §2 Info, §5): 'Identity Verified' with the scanned licence once the
 * phone verification (or an earlier one) passed, else the skipAndVerify layout (licence first,
 * typed by the visitor); email, cell phone, names, Mailing Address, Driver License; 'Business
 * Rental?'; and where reservations are allowed, 'I need a bit more time' with the move-in date.
 */
export default observer(function InfoScreen(_props: RentalSectionProps) {
  const { t } = useTranslation();
  const { rental, identity, config, account } = useStores();
  const settings = config.facility;
  const reservationMode = rental.reservationMode;
  const advancedDates = settings?.advanced_dates ?? 0;
  const verified = identity.verified;

  const schema = useMemo(
    () => infoSchema({ validatePhone: identity.validatePhone, reservationMode, advancedDates }),
    [identity, reservationMode, advancedDates],
  );
  const form = useForm<InfoForm>({
    resolver: schemaResolver(schema),
    defaultValues: valuesFrom(rental.model, reservationMode),
    mode: 'onTouched',
  });
  const lookupMailingState = useZipLookup(form, 'mailing_zip', 'mailing_state');

  // A logged-in visitor: saved details and an earlier verification fill the empty fields.
  useEffect(() => (account.loggedIn ? identity.followAccountDetails() : undefined), [account.loggedIn, identity]);
  const prefillVersion = identity.prefillVersion;
  useEffect(() => {
    if (prefillVersion > 0) form.reset(valuesFrom(rental.model, rental.reservationMode), { keepDirtyValues: true });
  }, [prefillVersion, form, rental]);

  const unitIsParking = Boolean(rental.pick.unit?.parking);
  // A visitor moving into their reservation is not offered to reserve again.
  const reservationOffered =
    Boolean(settings?.wl_reservation_enabled) &&
    !(unitIsParking && settings?.disable_parking_reservations) &&
    !rental.movingIn;
  const range = reservationDateRange(advancedDates);
  const today = licenceExpiryMin();

  const licence = (
    <FieldGroup title={t('rental.info.driver_license')}>
      <TextField control={form.control} name="driving_lis_no" label={t('rental.info.licence_number')} required />
      <SelectField
        control={form.control}
        name="driving_lis_state"
        label={t('rental.info.licence_state')}
        options={US_STATES}
        required
      />
      <DateField
        control={form.control}
        name="driving_lis_expiry"
        label={t('rental.info.licence_expiry')}
        min={today}
        max={today.add(LICENCE_YEARS_AHEAD, 'year')}
        required
      />
    </FieldGroup>
  );

  return (
    <RentalStepForm
      title={t('rental.info.title')}
      form={form}
      onSubmit={(values) => {
        const { business_contact_needed: _business, more_time: _moreTime, ...fields } = values;
        rental.done({
          ...fields,
          reservation_date: rental.reservationMode
            ? reservationDateOrDefault(fields.reservation_date)
            : fields.reservation_date,
        });
      }}
      formClassName={['info-form', verified ? 'info-form--verified' : 'info-form--skip-and-verify'].join(' ')}
      footer={
        <PayBillEntry
          beforeOpen={() => {
            const { business_contact_needed: _business, more_time: _moreTime, ...typed } = form.getValues();
            rental.setFields(typed);
          }}
        />
      }
    >
      {verified ? (
        <div className="info-verified" role="status">
          <div className="info-verified__badge">
            <svg width="56" height="56" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <circle cx="12" cy="12" r="11" fill="currentColor" />
              <path d="M6.5 12.5l3.5 3.5 7.5-8" fill="none" stroke="#ffffff" strokeWidth="2.4" />
            </svg>
            <span>{t('identity.banner.verified')}</span>
          </div>
          {identity.licenceImage && (
            <img
              className="info-verified__licence"
              src={identity.licenceImage}
              alt={t('identity.banner.licence_image')}
            />
          )}
        </div>
      ) : (
        <p className="rental-note">{t('rental.info.skip_and_verify')}</p>
      )}

      {!verified && <LicenceScan setValue={form.setValue as never} />}
      {!verified && licence}

      <div className="field-group">
        <div className="field-group__grid">
          <ContactFields control={form.control} names={TENANT_CONTACT} />
        </div>
      </div>

      <AddressFields
        control={form.control}
        names={MAILING_ADDRESS}
        title={t('rental.info.mailing_address')}
        onZipChange={lookupMailingState}
      />

      {verified && licence}

      {/* The two answers that change the steps are ticked at once and change the flow after the tap's
          frame (utils/after-paint); never dropped, unlike a screen change. */}
      {!reservationMode && (
        <div className="field-group">
          <YesNoField
            control={form.control}
            name="business_contact_needed"
            legend={t('rental.info.business_rental')}
            onChoose={(yes) => void afterNextPaint().then(() => rental.setBusinessRental(yes))}
          />
        </div>
      )}

      {reservationOffered && (
        <div className="field-group info-reservation">
          <CheckboxField
            control={form.control}
            name="more_time"
            label={t('rental.info.more_time')}
            description={t('rental.info.more_time_text', { days: advancedDates })}
            onToggle={(on) => void afterNextPaint().then(() => rental.setReservationMode(on))}
          />
          {reservationMode && (
            <DateField
              control={form.control}
              name="reservation_date"
              label={t('rental.info.move_in_date')}
              hint={t('rental.info.move_in_hint', { min: formatUsDate(range.min), max: formatUsDate(range.max) })}
              min={range.min}
              max={range.max}
            />
          )}
        </div>
      )}
    </RentalStepForm>
  );
});
