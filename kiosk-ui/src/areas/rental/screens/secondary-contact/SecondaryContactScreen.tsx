import { observer } from 'mobx-react-lite';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { secondaryContactSchema, type SecondaryContactValues } from '../../../../shared/contact/secondary-contact';
import { schemaResolver } from '../../../../forms/schema-resolver';
import { useStores } from '../../../../shared/stores/StoresProvider';
import { YesNoField } from '../../../../components/form/ChoiceField';
import { SecondaryContactFields } from '../../../../components/form/SecondaryContactFields';
import { RentalStepForm } from '../RentalStepForm';
import type { RentalSectionProps } from '../../../../sections/screen-props';
import { OPERATOR_LANGUAGE } from '../../../../i18n/operator-language';

const FIELDS = [
  'secondary_contact_first_name',
  'secondary_contact_last_name',
  'secondary_contact_email',
  'secondary_contact_phone',
  'secondary_contact_address1',
  'secondary_contact_address2',
  'secondary_contact_city',
  'secondary_contact_state',
  'secondary_contact_zipcode',
] as const;

/**
 * Secondary contact (rental §2, §5): a contact who receives lien notices, or the waiver (not
 * offered when the facility requires a contact); the address must differ from the mailing
 * address; and 'Are you active military?', whose answer inserts or removes military_info and
 * switches the promo at once.
 */
export default observer(function SecondaryContactScreen(_props: RentalSectionProps) {
  const { t } = useTranslation();
  const { rental, identity, config } = useStores();
  const settings = config.facility;
  const required = Boolean(settings?.frontend_conf?.secondary_contact_required);
  const emailRequired = Boolean(settings?.secondary_email_required);
  const model = rental.model;

  const schema = useMemo(
    () =>
      secondaryContactSchema({
        validatePhone: identity.validatePhone,
        secondaryEmailRequired: emailRequired,
        secondaryContactRequired: required,
        // The screen has no sub-steps, so no step index: the same-address check always runs (docs/flow.md).
        mailing: {
          mailing_address1: model.mailing_address1,
          mailing_address2: model.mailing_address2,
          mailing_city: model.mailing_city,
          mailing_state: model.mailing_state,
          mailing_zip: model.mailing_zip,
        },
      }),
    [
      identity,
      emailRequired,
      required,
      model.mailing_address1,
      model.mailing_address2,
      model.mailing_city,
      model.mailing_state,
      model.mailing_zip,
    ],
  );
  const form = useForm<SecondaryContactValues>({
    resolver: schemaResolver(schema),
    defaultValues: {
      ...Object.fromEntries(FIELDS.map((name) => [name, model[name]])),
      no_secondary_contact: required ? false : model.no_secondary_contact,
      active_military: model.active_military ?? undefined,
    },
    mode: 'onTouched',
  });
  // The facility's own title and help are operator texts, shown as sent and marked as such.
  const operatorTitle = settings?.frontend_conf?.secondary_contact_title;
  const title = operatorTitle ? <span lang={OPERATOR_LANGUAGE}>{operatorTitle}</span> : t('rental.secondary.title');
  const help = settings?.frontend_conf?.secondary_contact_help_text;

  return (
    <RentalStepForm title={title} form={form} onSubmit={(values) => rental.done(values)}>
      <p className="rental-note">
        {t('rental.secondary.intro')}
        {help ? (
          <>
            {' '}
            <span lang={OPERATOR_LANGUAGE}>{help}</span>
          </>
        ) : null}
      </p>
      <SecondaryContactFields form={form} required={required} emailRequired={emailRequired} />
      <div className="field-group">
        <YesNoField
          control={form.control}
          name="active_military"
          legend={t('rental.secondary.military_question')}
          onChoose={(active) => rental.promo.setMilitary(active)}
        />
      </div>
    </RentalStepForm>
  );
});
