import { observer } from 'mobx-react-lite';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { startOfToday } from '../../../../utils/dates';
import { militarySchema, SSN_MASK, type MilitaryValues } from '../../forms/military';
import { schemaResolver } from '../../../../forms/schema-resolver';
import { useStores } from '../../../../shared/stores/StoresProvider';
import { AddressFields, MILITARY_ADDRESS } from '../../../../components/form/AddressFields';
import { ContactFields, MILITARY_CONTACT } from '../../../../components/form/ContactFields';
import { DateField } from '../../../../components/form/DateField';
import { FieldGroup } from '../../../../components/form/FieldGroup';
import { MaskedField } from '../../../../components/form/MaskedField';
import { TextField } from '../../../../components/form/TextField';
import { RentalStepForm } from '../RentalStepForm';
import type { RentalSectionProps } from '../../../../sections/screen-props';

const FIELDS = [
  'military_ssn',
  'military_ets_date',
  'military_email',
  'military_contact_name',
  'military_commanding_officer',
  'military_branch',
  'military_name',
  'military_unit_phone',
  'military_address1',
  'military_address2',
  'military_city',
  'military_state',
  'military_zip',
] as const;

/** The ETS date picker offers today up to this many years ahead. */
const ETS_YEARS_AHEAD = 20;

/**
 * Military information (rental §2, §5), shown when the visitor is active military: every field of
 * §5 (SSN masked ###-##-####), a state select, and Back / NEXT.
 */
export default observer(function MilitaryScreen(_props: RentalSectionProps) {
  const { t } = useTranslation();
  const { rental, identity } = useStores();
  const model = rental.model;
  const schema = useMemo(() => militarySchema({ validatePhone: identity.validatePhone }), [identity]);
  const form = useForm<MilitaryValues>({
    resolver: schemaResolver(schema),
    defaultValues: { ...Object.fromEntries(FIELDS.map((name) => [name, model[name]])), active_military: true },
    mode: 'onTouched',
  });
  const today = startOfToday();

  return (
    <RentalStepForm
      title={t('rental.military.title')}
      form={form}
      onSubmit={(values) => rental.done(values)}
      cancelLabel={t('rental.frame.back')}
      doneLabel={t('rental.frame.next')}
    >
      <FieldGroup title={t('rental.military.service')}>
        <MaskedField
          control={form.control}
          name="military_ssn"
          label={t('rental.military.ssn')}
          mask={SSN_MASK}
          required
        />
        <DateField
          control={form.control}
          name="military_ets_date"
          label={t('rental.military.ets_date')}
          min={today}
          max={today.add(ETS_YEARS_AHEAD, 'year')}
          required
        />
        <TextField control={form.control} name="military_branch" label={t('rental.military.branch')} required />
        <TextField control={form.control} name="military_name" label={t('rental.military.unit_name')} required />
        <TextField
          control={form.control}
          name="military_commanding_officer"
          label={t('rental.military.commanding_officer')}
          required
        />
        <ContactFields
          control={form.control}
          names={MILITARY_CONTACT}
          labels={{
            name: t('rental.military.contact_name'),
            email: t('rental.military.email'),
            phone: t('rental.military.unit_phone'),
          }}
        />
      </FieldGroup>
      <AddressFields control={form.control} names={MILITARY_ADDRESS} title={t('rental.military.unit_address')} />
      <p className="rental-note">{t('rental.military.show_id')}</p>
    </RentalStepForm>
  );
});
