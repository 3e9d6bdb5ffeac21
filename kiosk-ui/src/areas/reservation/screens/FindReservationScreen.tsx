import { observer } from 'mobx-react-lite';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button';
import { accountMessageText } from '../../account/screens/AccountCard';
import { FieldError } from '../../../components/form/FieldError';
import { reservationCodeSchema, type ReservationCodeValues } from '../../account/forms/account';
import { translateMessage } from '../../../forms/messages';
import { schemaResolver } from '../../../forms/schema-resolver';
import { useStores } from '../../../shared/stores/StoresProvider';
import type { RentalSectionProps } from '../../../sections/screen-props';
import '../../browse/screens/browse.css';

/**
 * Find reservation (rental §2): "Great! Let's look up your Reservation", the reservation code
 * (required) and FIND MY RESERVATION. The server's errors show with the __all__ message first; a
 * found reservation holds its space and continues the flow in reservation mode.
 */
export default observer(function FindReservationScreen(_props: RentalSectionProps) {
  const { t } = useTranslation();
  const { rental, shell } = useStores();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ReservationCodeValues>({
    resolver: schemaResolver(reservationCodeSchema),
    defaultValues: { reservation_code: '' },
  });
  const fieldError = errors.reservation_code?.message
    ? translateMessage(errors.reservation_code.message, t)
    : (rental.lookup.fieldErrors.reservation_code?.[0] ?? null);
  const busy = rental.lookup.busy;
  return (
    <section className="find-reservation" aria-labelledby="find-reservation-title">
      <div className="find-reservation__card">
        <h1 id="find-reservation-title" className="find-reservation__title">
          {t('browse.find_reservation.heading')}
        </h1>
        {(rental.lookup.errors.length > 0 || rental.lookup.refused) && (
          <div className="find-reservation__errors" role="alert">
            <ul>
              {rental.lookup.refused && <li>{accountMessageText(rental.lookup.refused, t)}</li>}
              {rental.lookup.errors.map((message) => (
                <li key={message}>{message}</li>
              ))}
            </ul>
          </div>
        )}
        <form
          className="find-reservation__form"
          noValidate
          onSubmit={handleSubmit((values) => void rental.selection.findReservation(values.reservation_code))}
        >
          <label className="kiosk-label" htmlFor="reservation-code">
            {t('browse.find_reservation.reservation_code')}
          </label>
          <input
            id="reservation-code"
            className="kiosk-input find-reservation__input"
            type="text"
            autoComplete="off"
            autoCapitalize="characters"
            data-keyboard="compact"
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={fieldError ? 'reservation-code-error' : undefined}
            {...register('reservation_code')}
          />
          <FieldError id="reservation-code-error" message={fieldError} />
          <div className="find-reservation__actions">
            <Button variant="secondary" onClick={shell.goHome}>
              {t('shell.sections.home')}
            </Button>
            <Button type="submit" disabled={busy}>
              {t('browse.find_reservation.find')}
            </Button>
          </div>
        </form>
      </div>
    </section>
  );
});
