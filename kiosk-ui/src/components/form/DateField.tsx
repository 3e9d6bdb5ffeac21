import type { Dayjs } from 'dayjs';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { IMaskInput } from 'react-imask';
import { Button } from '../Button';
import { Dialog } from '../Dialog';
import { formatDay } from './calendar';
import { controlAttributes, FieldControl } from './FieldControl';
import type { FieldProps } from './field-props';
import { FieldShell, inputClass } from './FieldShell';
import { MonthCalendar } from './MonthCalendar';

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
  const { control, name, label, required, hint, className, look = 'step', min, max } = props;
  const { t } = useTranslation();
  const calendarId = `${useId()}calendar`;
  const [open, setOpen] = useState(false);

  return (
    <FieldControl control={control} name={name} error={props.error}>
      {({ field, error, ids }) => {
        const value = (field.value as string | undefined) ?? '';
        return (
          <>
            <FieldShell
              {...{ ids, look, label, required, hint, error }}
              className={['date-field', className ?? ''].join(' ').trim()}
            >
              <div className="date-field__row">
                <IMaskInput
                  {...controlAttributes(ids, error, required, hint)}
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
                  placeholder={t('common.date_placeholder')}
                  data-field-type="date"
                  data-keyboard="numeric"
                  inputMode="numeric"
                  autoComplete="off"
                  className={`${inputClass(look)} date-field__input`}
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
            </FieldShell>
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
              <MonthCalendar
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
          </>
        );
      }}
    </FieldControl>
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
