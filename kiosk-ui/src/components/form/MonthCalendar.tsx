import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { displayLocale } from '../../utils/locale';
import { addMonths, dayInRange, formatDay, initialMonth, monthGrid, monthInRange, type MonthRef } from './calendar';

interface CalendarProps {
  id: string;
  value: string;
  min: Dayjs;
  max: Dayjs;
  onPick: (day: Dayjs) => void;
}

/** 'Monday, January 2, 2023' / 'lunes, 2 de enero de 2023'. */
const DAY_LABEL: Intl.DateTimeFormatOptions = { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' };

const MONTHS = Array.from({ length: 12 }, (_, month) => month);

/** A month of days to pick from, with month and year selects; days outside [min, max] disabled. */
export function MonthCalendar({ id, value, min, max, onPick }: CalendarProps) {
  const { t } = useTranslation();
  const [shown, setShown] = useState<MonthRef>(() => initialMonth(value, min, max));
  const weeks = monthGrid(shown);
  const previous = addMonths(shown, -1);
  const next = addMonths(shown, 1);
  const years: number[] = [];
  for (let year = min.year(); year <= max.year(); year += 1) years.push(year);
  const locale = displayLocale();
  const monthName = (month: number) => new Date(2000, month, 1).toLocaleString(locale, { month: 'long' });
  const weekdays = Array.from({ length: 7 }, (_, day) =>
    new Date(2023, 0, day + 1).toLocaleString(locale, { weekday: 'short' }),
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
                      aria-label={day.toDate().toLocaleDateString(locale, DAY_LABEL)}
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
