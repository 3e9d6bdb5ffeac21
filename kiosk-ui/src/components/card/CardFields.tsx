import { cvvLength } from '@kiosk/shared-types';
import { useId, useMemo } from 'react';
import { Controller, useFormContext, useWatch, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { IMaskInput } from 'react-imask';
import { cardMask, EXPIRY_MONTHS, expiryYears } from '../../forms/card-rules';
import { translateMessage } from '../../forms/messages';
import { describedBy, FormField } from './FormField';

/** The form field names CardFields writes (the rental form and the pay-bill form name them differently). */
export interface CardFieldNames {
  name: string;
  number: string;
  month: string;
  year: string;
  cvv: string;
}

/** Rental card_details (rental §3 Payment). */
export const RENTAL_CARD_FIELDS: CardFieldNames = {
  name: 'name_on_card',
  number: 'cc_number',
  month: 'cc_exp_month',
  year: 'cc_exp_year',
  cvv: 'cvv',
};

/** Pay My Bill (shell §3 Payment model: card_name, card_number, cc_exp_month, cc_exp_year, cvv). */
export const PAY_CARD_FIELDS: CardFieldNames = {
  name: 'card_name',
  number: 'card_number',
  month: 'cc_exp_month',
  year: 'cc_exp_year',
  cvv: 'cvv',
};

export interface CardFieldLabels {
  name: string;
  number: string;
  month: string;
  year: string;
  cvv: string;
}

export interface CardFieldsProps {
  names?: CardFieldNames;
  /** Defaults to the rental texts ('Name on card', ...); pay bill passes 'Card Name', .... */
  labels?: Partial<CardFieldLabels>;
}

/**
 * The card fields shared by the rental (card_details) and Pay My Bill: name on card, number
 * masked 4-4-4-4 (4-6-5 for 34/37), expiry month (1-12) and year (this year + 20) selects, and
 * the CVV, password-style, its input limited to 3 digits (4 for 34/37). Lives inside the
 * caller's react-hook-form (FormProvider); the caller's yup schema validates the values.
 */
export function CardFields({ names = RENTAL_CARD_FIELDS, labels = {} }: CardFieldsProps) {
  const { t } = useTranslation();
  const id = useId();
  const { control, register, formState } = useFormContext<FieldValues>();
  const number = String(useWatch({ control, name: names.number }) ?? '');
  const years = useMemo(() => expiryYears(), []);
  const text = {
    name: labels.name ?? t('rental.card.name_on_card'),
    number: labels.number ?? t('rental.card.card_number'),
    month: labels.month ?? t('rental.card.exp_month'),
    year: labels.year ?? t('rental.card.exp_year'),
    cvv: labels.cvv ?? t('rental.card.cvv'),
  };
  const errorOf = (name: string): string | null => {
    const message = formState.errors[name]?.message;
    return message ? translateMessage(message, t) : null;
  };
  const ids = {
    name: `${id}-name`,
    number: `${id}-number`,
    month: `${id}-month`,
    year: `${id}-year`,
    cvv: `${id}-cvv`,
  };
  const errors = {
    name: errorOf(names.name),
    number: errorOf(names.number),
    month: errorOf(names.month),
    year: errorOf(names.year),
    cvv: errorOf(names.cvv),
  };
  const maxCvv = cvvLength(number);

  return (
    <div className="card-fields">
      <FormField id={ids.name} label={text.name} error={errors.name} className="card-fields__name">
        <input
          id={ids.name}
          className="checkout-input"
          type="text"
          autoComplete="off"
          autoCapitalize="characters"
          maxLength={100}
          data-keyboard="normal"
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={describedBy(ids.name, errors.name)}
          {...register(names.name)}
        />
      </FormField>
      <FormField id={ids.number} label={text.number} error={errors.number} className="card-fields__number">
        <Controller
          name={names.number}
          control={control}
          render={({ field }) => (
            <IMaskInput
              id={ids.number}
              className="checkout-input"
              mask={cardMask(String(field.value ?? ''))}
              value={String(field.value ?? '')}
              onAccept={(value: string) => field.onChange(value)}
              onBlur={field.onBlur}
              inputRef={field.ref}
              name={field.name}
              type="text"
              inputMode="numeric"
              autoComplete="off"
              data-keyboard="numeric"
              aria-invalid={errors.number ? true : undefined}
              aria-describedby={describedBy(ids.number, errors.number)}
            />
          )}
        />
      </FormField>
      <div className="card-fields__row">
        <FormField id={ids.month} label={text.month} error={errors.month} className="card-fields__month">
          <select
            id={ids.month}
            className="checkout-input checkout-select"
            aria-invalid={errors.month ? true : undefined}
            aria-describedby={describedBy(ids.month, errors.month)}
            {...register(names.month)}
          >
            <option value="">{t('rental.card.choose_month')}</option>
            {EXPIRY_MONTHS.map((month) => (
              <option key={month} value={month}>
                {String(month).padStart(2, '0')}
              </option>
            ))}
          </select>
        </FormField>
        <FormField id={ids.year} label={text.year} error={errors.year} className="card-fields__year">
          <select
            id={ids.year}
            className="checkout-input checkout-select"
            aria-invalid={errors.year ? true : undefined}
            aria-describedby={describedBy(ids.year, errors.year)}
            {...register(names.year)}
          >
            <option value="">{t('rental.card.choose_year')}</option>
            {years.map((year) => (
              <option key={year} value={year}>
                {year}
              </option>
            ))}
          </select>
        </FormField>
        <FormField id={ids.cvv} label={text.cvv} error={errors.cvv} className="card-fields__cvv">
          <Controller
            name={names.cvv}
            control={control}
            render={({ field }) => (
              <IMaskInput
                id={ids.cvv}
                className="checkout-input"
                // Digits only, never more than the card's CVV length (rental §5).
                mask={'0'.repeat(maxCvv)}
                value={String(field.value ?? '')}
                onAccept={(value: string) => field.onChange(value)}
                onBlur={field.onBlur}
                inputRef={field.ref}
                name={field.name}
                type="password"
                inputMode="numeric"
                autoComplete="off"
                maxLength={maxCvv}
                data-keyboard="numeric"
                aria-invalid={errors.cvv ? true : undefined}
                aria-describedby={describedBy(ids.cvv, errors.cvv)}
              />
            )}
          />
        </FormField>
      </div>
    </div>
  );
}
