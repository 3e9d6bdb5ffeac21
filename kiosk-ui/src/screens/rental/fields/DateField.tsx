import { DATE_FORMAT } from '@kiosk/shared-types';
import type { Dayjs } from 'dayjs';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Controller, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { IMaskInput } from 'react-imask';
import { Button } from '../../../components/Button';
import { Dialog } from '../../../components/Dialog';
import { FieldError } from '../../../components/FieldError';
import { translateMessage } from '../../../forms/messages';
import { addMonths, dayInRange, formatDay, initialMonth, monthGrid, monthInRange, type MonthRef } from './calendar';
import type { FieldProps } from './Fields';

export interface DateFieldProps<T extends FieldValues> extends FieldProps<T> {
  /** First day that may be picked; earlier days are disabled in the calendar. */
  min: Dayjs;
  max: Dayjs;
}

/**
 * A date typed as MM/DD/YYYY (numeric keyboard, masked) or picked from a calendar (in a dialog)
 * whose days outside [min, max] are disabled (expired licence dates, reservation and birthday
 * ranges).
 */
export function DateField<T extends FieldValues>(props: DateFieldProps<T>) {
  const { control, name, label, required, hint, className, min, max } = props;
  const { t } = useTranslation();
  const id = useId();
  const inputId = `${id}input`;
  const errorId = `${id}error`;
  const hintId = `${id}hint`;
  const calendarId = `${id}calendar`;
  const [open, setOpen] = useState(false);

  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const error = translateMessage(fieldState.error?.message, t);
        const value = (field.value as string | undefined) ?? '';
        const described = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
        return (
          <div
            className={['form-field', 'date-field', error ? 'form-field--invalid' : '', className ?? '']
              .join(' ')
              .trim()}
          >
            <div className="form-field__label-row">
              <label htmlFor={inputId} className="form-field__label">
                {label}
              </label>
              {required && (
                <span className="form-field__required" aria-hidden="true">
                  *
                </span>
              )}
            </div>
            <div className="date-field__row">
              <IMaskInput
                id={inputId}
                name={field.name}
                mask="00/00/0000"
                value={value}
                unmask={false}
                inputRef={field.ref}
                onAccept={(next: string) => {
                  if (next !== field.value) field.onChange(next);
                }}
                onInput={(event: FormEvent<HTMLInputElement>) => {
                  // imask does not always accept a value wiped in one go (select all + delete).
                  if (event.currentTarget.value === '' && field.value) field.onChange('');
                }}
                onBlur={field.onBlur}
                placeholder={DATE_FORMAT}
                data-keyboard="numeric"
                inputMode="numeric"
                autoComplete="off"
                aria-invalid={error ? true : undefined}
                aria-required={required || undefined}
                aria-describedby={described}
                className="form-field__input date-field__input"
              />
              <button
                type="button"
                className="kiosk-button kiosk-button--secondary date-field__toggle"
                aria-haspopup="dialog"
                onClick={() => setOpen(!open)}
              >
                <span className="kiosk-visually-hidden">
                  {t('rental.fields.choose_date', { field: fieldName(label) })}
                </span>
                <CalendarIcon />
              </button>
            </div>
            {hint && (
              <p id={hintId} className="form-field__hint">
                {hint}
              </p>
            )}
            <FieldError id={errorId} message={error} />
            <Dialog
              open={open}
              title={label}
              className="calendar-dialog"
              onClose={() => setOpen(false)}
              actions={
                <Button variant="secondary" onClick={() => setOpen(false)}>
                  {t('common.close')}
                </Button>
              }
            >
              <Calendar
                id={calendarId}
                value={value}
                min={min}
                max={max}
                onPick={(day) => {
                  field.onChange(formatDay(day));
                  field.onBlur();
                  setOpen(false);
                }}
              />
            </Dialog>
          </div>
        );
      }}
    />
  );
}

function fieldName(label: ReactNode): string {
  return typeof label === 'string' ? label : '';
}

function CalendarIcon() {
  return (
    <svg width="36" height="36" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <rect x="3" y="5" width="18" height="16" rx="2" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M3 10h18M8 3v4M16 3v4" stroke="currentColor" strokeWidth="2" />
    </svg>
  );
}

interface CalendarProps {
  id: string;
  value: string;
  min: Dayjs;
  max: Dayjs;
  onPick: (day: Dayjs) => void;
}

const MONTHS = Array.from({ length: 12 }, (_, month) => month);

function Calendar({ id, value, min, max, onPick }: CalendarProps) {
  const { t } = useTranslation();
  const [shown, setShown] = useState<MonthRef>(() => initialMonth(value, min, max));
  const weeks = monthGrid(shown);
  const previous = addMonths(shown, -1);
  const next = addMonths(shown, 1);
  const years: number[] = [];
  for (let year = min.year(); year <= max.year(); year += 1) years.push(year);
  const monthName = (month: number) => new Date(2000, month, 1).toLocaleString('en-US', { month: 'long' });
  const weekdays = Array.from({ length: 7 }, (_, day) =>
    new Date(2023, 0, day + 1).toLocaleString('en-US', { weekday: 'short' }),
  );
  const move = (ref: MonthRef) => {
    if (monthInRange(ref, min, max)) setShown(ref);
  };

  return (
    <div id={id} className="calendar" role="group" aria-label={t('rental.fields.calendar')}>
      <div className="calendar__head">
        <button
          type="button"
          className="calendar__nav"
          aria-label={t('rental.fields.previous_month')}
          disabled={!monthInRange(previous, min, max)}
          onClick={() => move(previous)}
        >
          ‹
        </button>
        <select
          aria-label={t('rental.fields.month')}
          value={shown.month}
          onChange={(event) => move({ ...shown, month: Number(event.target.value) })}
          className="calendar__select"
        >
          {MONTHS.map((month) => (
            <option key={month} value={month} disabled={!monthInRange({ year: shown.year, month }, min, max)}>
              {monthName(month)}
            </option>
          ))}
        </select>
        <select
          aria-label={t('rental.fields.year')}
          value={shown.year}
          onChange={(event) => {
            const year = Number(event.target.value);
            const wanted = { year, month: shown.month };
            setShown(monthInRange(wanted, min, max) ? wanted : initialMonth('', min, max, min.year(year)));
          }}
          className="calendar__select"
        >
          {years.map((year) => (
            <option key={year} value={year}>
              {year}
            </option>
          ))}
        </select>
        <button
          type="button"
          className="calendar__nav"
          aria-label={t('rental.fields.next_month')}
          disabled={!monthInRange(next, min, max)}
          onClick={() => move(next)}
        >
          ›
        </button>
      </div>
      <table className="calendar__grid">
        <thead>
          <tr>
            {weekdays.map((day) => (
              <th key={day} scope="col" abbr={day}>
                {day.slice(0, 2)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week, row) => (
            <tr key={row}>
              {week.map((day, column) => (
                <td key={column}>
                  {day && (
                    <button
                      type="button"
                      className={['calendar__day', formatDay(day) === value ? 'calendar__day--selected' : ''].join(' ')}
                      disabled={!dayInRange(day, min, max)}
                      aria-pressed={formatDay(day) === value}
                      aria-label={day.format('dddd, MMMM D, YYYY')}
                      onClick={() => onPick(day)}
                    >
                      {day.date()}
                    </button>
                  )}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
