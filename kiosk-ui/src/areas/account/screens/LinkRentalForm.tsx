import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button';
import { SelectField } from '../../../components/form/SelectField';
import { TextField } from '../../../components/form/TextField';
import { linkRentalSchema, type LinkRentalValues } from '../forms/link-rental';
import { schemaResolver } from '../../../forms/schema-resolver';
import { useStores } from '../../../shared/stores/StoresProvider';
import { AccountCard } from './AccountCard';

/**
 * Link a space to your account (shell spec §2): the facility's city, then its address (a city
 * with one facility has it and its phone preselected), the space number and the gate code;
 * Link My Rental goes to pay. A refusal shows 'Invalid Gate code or Unit Number' or the server's
 * errors. Back returns to the unit list, or to the welcome screen for an account without rentals.
 */
export const LinkRentalForm = observer(function LinkRentalForm() {
  const { t } = useTranslation();
  const { account } = useStores();
  const {
    handleSubmit,
    control,
    setValue,
    formState: { isSubmitting },
  } = useForm<LinkRentalValues>({
    resolver: schemaResolver(linkRentalSchema),
    defaultValues: { facility_city: '', facility_address: '', unit_no: '', gate_code: '', phone: '' },
  });
  const city = useWatch({ control, name: 'facility_city' });
  const facilityId = useWatch({ control, name: 'facility_address' });
  const phone = useWatch({ control, name: 'phone' });
  const facilities = account.forms.ownerCities.find((entry) => entry.city === city)?.facilities ?? [];

  useEffect(() => {
    void account.forms.loadOwnerCities();
  }, [account]);

  // A city with exactly one facility has that facility and its phone preselected.
  useEffect(() => {
    const only = facilities.length === 1 ? facilities[0] : undefined;
    setValue('facility_address', only?.facility_id ?? '');
    setValue('phone', only?.phone ?? '');
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [city, account.forms.ownerCities]);

  useEffect(() => {
    const chosen = facilities.find((facility) => facility.facility_id === facilityId);
    setValue('phone', chosen?.phone ?? '');
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [facilityId]);

  const server = account.forms.errors.link_rental;
  const phoneHint = phone ? t('account.link_rental.facility_phone', { phone }) : null;

  return (
    <AccountCard title={t('account.link_rental.title')} error={server?.form}>
      <form
        className="account-form"
        noValidate
        onSubmit={(event) => void handleSubmit((values) => account.submitLinkRental(values))(event)}
      >
        <SelectField
          control={control}
          name="facility_city"
          label={t('account.link_rental.city')}
          look="panel"
          placeholder={t('account.link_rental.choose_city')}
          options={account.forms.ownerCities.map((entry) => ({
            value: entry.city,
            label: entry.state ? `${entry.city}, ${entry.state}` : entry.city,
          }))}
          error={server?.fields.facility_city}
        />
        {city ? (
          <SelectField
            control={control}
            name="facility_address"
            label={t('account.link_rental.address')}
            look="panel"
            hint={phoneHint}
            placeholder={t('account.link_rental.choose_address')}
            options={facilities.map((facility) => ({ value: facility.facility_id, label: facility.address }))}
            error={server?.fields.facility_address}
          />
        ) : null}
        <div className="account-form__row">
          <TextField
            control={control}
            name="unit_no"
            label={t('account.link_rental.unit_no')}
            look="panel"
            keyboard="compact"
            autoCapitalize="characters"
            error={server?.fields.unit_no}
          />
          <TextField
            control={control}
            name="gate_code"
            label={t('account.link_rental.gate_code')}
            look="panel"
            keyboard="numeric"
            inputMode="numeric"
            autoCapitalize="off"
            error={server?.fields.gate_code}
          />
        </div>
        <Button type="submit" block disabled={isSubmitting || account.forms.busy === 'link_rental'}>
          {t('account.link_rental.submit')}
        </Button>
        <Button variant="secondary" block onClick={account.leaveLinkRental}>
          {t('account.link_rental.back')}
        </Button>
      </form>
    </AccountCard>
  );
});
