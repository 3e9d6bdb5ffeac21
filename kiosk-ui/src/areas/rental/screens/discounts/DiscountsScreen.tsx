import { observer } from 'mobx-react-lite';
import { useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { discountOptions, type DiscountChoice } from '../../flow/promos';
import { seniorBirthdayRange } from '../../../../utils/dates';
import { discountsSchema, type DiscountsValues } from '../../forms/discounts';
import { schemaResolver } from '../../../../forms/schema-resolver';
import { useStores } from '../../../../shared/stores/StoresProvider';
import { DateField } from '../../../../components/form/DateField';
import { ChoiceField } from '../../../../components/form/ChoiceField';
import { TextField } from '../../../../components/form/TextField';
import { RentalStepForm } from '../RentalStepForm';
import type { RentalSectionProps } from '../../../../sections/screen-props';

type DiscountsForm = DiscountsValues & { discount: DiscountChoice };

/**
 * Discounts ('We will save you even more!', rental §2, §5): Senior and Student only when the unit
 * has such a promo, or None. Choosing one selects its promo and recalculates the move-in cost at
 * once. Senior asks for a birthday in the senior range, Student for school name and student id.
 */
export default observer(function DiscountsScreen(_props: RentalSectionProps) {
  const { t } = useTranslation();
  const { rental, config } = useStores();
  const seniorCitizenAge = config.facility?.senior_citizen_age ?? 0;
  const schema = useMemo(() => discountsSchema({ seniorCitizenAge }), [seniorCitizenAge]);
  const { senior, student, birthday, school_name, student_id } = rental.model;
  const form = useForm<DiscountsForm>({
    resolver: schemaResolver(schema),
    defaultValues: {
      discount: senior ? 'senior' : student ? 'student' : 'none',
      senior,
      student,
      birthday,
      school_name,
      student_id,
    },
    mode: 'onTouched',
  });
  const chosen = useWatch({ control: form.control, name: 'discount' });
  const options = discountOptions(rental.flow.promos);
  const range = seniorBirthdayRange(seniorCitizenAge);

  return (
    <RentalStepForm
      title={t('rental.discounts.title')}
      form={form}
      onSubmit={(values) => {
        const { discount: _discount, ...fields } = values;
        rental.done(fields);
      }}
      grid
    >
      <ChoiceField<DiscountsForm, DiscountChoice>
        control={form.control}
        name="discount"
        legend={t('rental.discounts.legend')}
        options={options.map((option) => ({ value: option, label: t(`rental.discounts.${option}`) }))}
        onChoose={(choice) => {
          form.setValue('senior', choice === 'senior');
          form.setValue('student', choice === 'student');
          rental.promo.selectDiscount(choice);
        }}
      />
      {chosen === 'senior' && (
        <DateField
          control={form.control}
          name="birthday"
          label={t('rental.discounts.birthday')}
          min={range.min}
          max={range.max}
          className="form-field--wide"
          required
        />
      )}
      {chosen === 'student' && (
        <>
          <TextField control={form.control} name="school_name" label={t('rental.discounts.school_name')} required />
          <TextField control={form.control} name="student_id" label={t('rental.discounts.student_id')} required />
        </>
      )}
      <p className="rental-note">
        {t('rental.discounts.valid_id')} {t('rental.discounts.show_id')}
      </p>
    </RentalStepForm>
  );
});
