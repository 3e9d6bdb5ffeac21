import { observer } from 'mobx-react-lite';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { businessSchema, type BusinessValues } from '../../forms/business';
import { schemaResolver } from '../../../../forms/schema-resolver';
import { useStores } from '../../../../shared/stores/StoresProvider';
import { ContactFields, BUSINESS_CONTACT } from '../../../../components/form/ContactFields';
import { YesNoField } from '../../../../components/form/ChoiceField';
import { RentalStepForm } from '../RentalStepForm';
import type { RentalSectionProps } from '../../../../sections/screen-props';

/** Business step (rental §2, §5): 'Business Rental?' Yes or No; Yes asks for company name and email. */
export default observer(function BusinessScreen(_props: RentalSectionProps) {
  const { t } = useTranslation();
  const { rental } = useStores();
  const { business_contact_needed, business_contact_name, business_contact_email } = rental.model;
  const form = useForm<BusinessValues>({
    resolver: schemaResolver(businessSchema),
    defaultValues: {
      business_contact_needed: business_contact_needed ?? undefined,
      business_contact_name,
      business_contact_email,
    },
    mode: 'onTouched',
  });
  const yes = useWatch({ control: form.control, name: 'business_contact_needed' });

  return (
    <RentalStepForm title={t('rental.business.title')} form={form} onSubmit={(values) => rental.done(values)} grid>
      <YesNoField
        control={form.control}
        name="business_contact_needed"
        legend={t('rental.business.question')}
        onChoose={(answer) => rental.setBusinessRental(answer)}
      />
      {yes === true && (
        <ContactFields
          control={form.control}
          names={BUSINESS_CONTACT}
          labels={{ name: t('rental.business.company_name'), email: t('rental.business.company_email') }}
        />
      )}
    </RentalStepForm>
  );
});
