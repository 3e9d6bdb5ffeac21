import { observer } from 'mobx-react-lite';
import { useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  OTHER_VEHICLE_TYPE,
  vehicleContext,
  vehicleSchema,
  vehicleTypeShown,
  type VehicleValues,
} from '../../forms/vehicle';
import { schemaResolver } from '../../../../forms/schema-resolver';
import { useStores } from '../../../../shared/stores/StoresProvider';
import { SelectField } from '../../../../components/form/SelectField';
import { TextField } from '../../../../components/form/TextField';
import { YesNoField } from '../../../../components/form/ChoiceField';
import { RentalStepForm } from '../RentalStepForm';
import type { RentalSectionProps } from '../../../../sections/screen-props';

/**
 * Vehicle storage (rental §2, §5): 'Are you storing vehicle?*' when the facility allows storing
 * vehicles; then the facility's kiosk vehicle types, or 'other' with a description. For a parking
 * unit whose facility only has parking type fields on, the type shows straight away (docs/flow.md).
 */
export default observer(function VehicleScreen(_props: RentalSectionProps) {
  const { t } = useTranslation();
  const { rental, config } = useStores();
  const settings = config.facility;
  const ctx = vehicleContext({ enable_storing_vehicle: Boolean(settings?.enable_storing_vehicle) });
  const { storeVehicleAsked } = ctx;
  const schema = useMemo(() => vehicleSchema({ storeVehicleAsked }), [storeVehicleAsked]);
  const { store_vehicle, storing_vehicle_type, other_vehicle_describe } = rental.model;
  const form = useForm<VehicleValues>({
    resolver: schemaResolver(schema),
    defaultValues: {
      store_vehicle: ctx.storeVehicleAsked ? (store_vehicle ?? undefined) : true,
      storing_vehicle_type,
      other_vehicle_describe,
    },
    mode: 'onTouched',
  });
  const storing = useWatch({ control: form.control, name: 'store_vehicle' });
  const type = useWatch({ control: form.control, name: 'storing_vehicle_type' });
  const types = settings?.vehicle_type_kiosk ?? [];
  const options = types.some((option) => option.value === OTHER_VEHICLE_TYPE)
    ? types
    : [...types, { value: OTHER_VEHICLE_TYPE, label: t('rental.vehicle.other') }];
  const typeShown = vehicleTypeShown({ store_vehicle: storing }, ctx);

  return (
    <RentalStepForm title={t('rental.vehicle.title')} form={form} onSubmit={(values) => rental.done(values)} grid>
      {ctx.storeVehicleAsked && (
        <YesNoField control={form.control} name="store_vehicle" legend={t('rental.vehicle.question')} required />
      )}
      {typeShown && (
        <SelectField
          control={form.control}
          name="storing_vehicle_type"
          label={t('rental.vehicle.type')}
          options={options}
          required
        />
      )}
      {typeShown && type === OTHER_VEHICLE_TYPE && (
        <TextField
          control={form.control}
          name="other_vehicle_describe"
          label={t('rental.vehicle.describe')}
          className="form-field--wide"
          multiline
          required
        />
      )}
    </RentalStepForm>
  );
});
