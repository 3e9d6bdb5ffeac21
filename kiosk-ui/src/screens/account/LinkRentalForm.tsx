import { yupResolver } from '@hookform/resolvers/yup';
import { observer } from 'mobx-react-lite';
import { useEffect, useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';
import { describedBy, FormField } from '../../components/card/FormField';
import { linkRentalSchema, type LinkRentalValues } from '../../forms/link-rental';
import { useStores } from '../../stores/StoresProvider';
import { AccountCard, fieldMessage } from './AccountCard';

/**
 * Link a space to your account (shell spec §2): the facility's city, then its address (a city
 * with one facility has it and its phone preselected), the space number and the gate code;
 * Link My Rental goes to pay. A refusal shows 'Invalid Gate code or Unit Number' or the server's
 * errors.
 */
export const LinkRentalForm = observer(function LinkRentalForm() {
  const { t } = useTranslation();
  const { account } = useStores();
  const id = useId();
  const {
    register,
    handleSubmit,
    control,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<LinkRentalValues>({
    resolver: yupResolver(linkRentalSchema),
    defaultValues: { facility_city: '', facility_address: '', unit_no: '', gate_code: '', phone: '' },
  });
  const city = useWatch({ control, name: 'facility_city' });
  const facilityId = useWatch({ control, name: 'facility_address' });
  const phone = useWatch({ control, name: 'phone' });
  const facilities = account.ownerCities.find((entry) => entry.city === city)?.facilities ?? [];

  useEffect(() => {
    void account.loadOwnerCities();
  }, [account]);

  // A city with exactly one facility has that facility and its phone preselected.
  useEffect(() => {
    const only = facilities.length === 1 ? facilities[0] : undefined;
    setValue('facility_address', only?.facility_id ?? '');
    setValue('phone', only?.phone ?? '');
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [city, account.ownerCities]);

  useEffect(() => {
    const chosen = facilities.find((facility) => facility.facility_id === facilityId);
    setValue('phone', chosen?.phone ?? '');
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [facilityId]);

  const server = account.errors.link_rental;
  const ids = {
    city: `${id}-city`,
    address: `${id}-address`,
    unit: `${id}-unit`,
    gate: `${id}-gate`,
  };
  const cityError = fieldMessage(errors.facility_city?.message, server?.fields.facility_city, t);
  const addressError = fieldMessage(errors.facility_address?.message, server?.fields.facility_address, t);
  const unitError = fieldMessage(errors.unit_no?.message, server?.fields.unit_no, t);
  const gateError = fieldMessage(errors.gate_code?.message, server?.fields.gate_code, t);
  const phoneHint = phone ? t('account.link_rental.facility_phone', { phone }) : null;

  return (
    <AccountCard title={t('account.link_rental.title')} error={server?.form}>
      <form
        className="account-form"
        noValidate
        onSubmit={(event) => void handleSubmit((values) => account.submitLinkRental(values))(event)}
      >
        <FormField id={ids.city} label={t('account.link_rental.city')} error={cityError}>
          <select
            id={ids.city}
            className="checkout-input checkout-select"
            aria-invalid={cityError ? true : undefined}
            aria-describedby={describedBy(ids.city, cityError)}
            {...register('facility_city')}
          >
            <option value="">{t('account.link_rental.choose_city')}</option>
            {account.ownerCities.map((entry) => (
              <option key={`${entry.city}-${entry.state}`} value={entry.city}>
                {entry.state ? `${entry.city}, ${entry.state}` : entry.city}
              </option>
            ))}
          </select>
        </FormField>
        {city ? (
          <FormField id={ids.address} label={t('account.link_rental.address')} error={addressError} hint={phoneHint}>
            <select
              id={ids.address}
              className="checkout-input checkout-select"
              aria-invalid={addressError ? true : undefined}
              aria-describedby={describedBy(ids.address, addressError, phoneHint)}
              {...register('facility_address')}
            >
              <option value="">{t('account.link_rental.choose_address')}</option>
              {facilities.map((facility) => (
                <option key={facility.facility_id} value={facility.facility_id}>
                  {facility.address}
                </option>
              ))}
            </select>
          </FormField>
        ) : null}
        <div className="account-form__row">
          <FormField id={ids.unit} label={t('account.link_rental.unit_no')} error={unitError}>
            <input
              id={ids.unit}
              className="checkout-input"
              type="text"
              autoComplete="off"
              autoCapitalize="characters"
              data-keyboard="compact"
              aria-invalid={unitError ? true : undefined}
              aria-describedby={describedBy(ids.unit, unitError)}
              {...register('unit_no')}
            />
          </FormField>
          <FormField id={ids.gate} label={t('account.link_rental.gate_code')} error={gateError}>
            <input
              id={ids.gate}
              className="checkout-input"
              type="text"
              inputMode="numeric"
              autoComplete="off"
              data-keyboard="numeric"
              aria-invalid={gateError ? true : undefined}
              aria-describedby={describedBy(ids.gate, gateError)}
              {...register('gate_code')}
            />
          </FormField>
        </div>
        <Button type="submit" block disabled={isSubmitting || account.busy === 'link_rental'}>
          {t('account.link_rental.submit')}
        </Button>
      </form>
    </AccountCard>
  );
});
