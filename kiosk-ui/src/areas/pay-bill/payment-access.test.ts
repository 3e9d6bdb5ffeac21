import type { KioskTimeEntry } from '@kiosk/shared-types';
import i18next, { type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { en } from '../../i18n/en';
import { es } from '../../i18n/es';
import { accessOutcome, accessSentence, lockedOutKey, type UnitAccessOutcome } from './payment-access';

const HOURS: KioskTimeEntry[] = [
  {
    status: 'Office Hours',
    rows: [
      ['Monday', '9:00 AM - 6:00 PM'],
      ['Tuesday', '9:00 AM - 6:00 PM'],
      ['Wednesday', '9:00 AM - 6:00 PM'],
      ['Thursday', '9:00 AM - 6:00 PM'],
      ['Friday', '9:00 AM - 6:00 PM'],
      ['Saturday', '1:00 PM - 5:00 PM'],
      ['Sunday', 'Closed'],
    ].map(([label, time]) => ({ label: label!, time: time!, is_today: false })),
  },
];
const CHICAGO = 'America/Chicago';
const THURSDAY_NIGHT = Date.parse('2026-11-26T22:30-06:00');
const FRIDAY_NIGHT = Date.parse('2026-11-27T22:30-06:00');
const SATURDAY_NIGHT = Date.parse('2026-11-28T22:30-06:00');
const MONDAY_NOON = Date.parse('2026-11-30T12:00-06:00');

let english: TFunction;
let spanish: TFunction;

beforeAll(async () => {
  const instance = i18next.createInstance();
  await instance.init({
    lng: 'en',
    resources: { en: { translation: en }, es: { translation: es } },
    interpolation: { escapeValue: false },
  });
  english = instance.getFixedT('en');
  spanish = instance.getFixedT('es');
});

const manager = (epochMs: number) => accessOutcome({ status: 'manager' }, HOURS, epochMs, CHICAGO)!;

describe('accessOutcome', () => {
  it('keeps restored and manager, and says nothing for unchanged or no answer', () => {
    expect(accessOutcome({ status: 'restored' }, HOURS, THURSDAY_NIGHT, CHICAGO)).toEqual({ status: 'restored' });
    expect(manager(THURSDAY_NIGHT)).toEqual({
      status: 'manager',
      opening: { when: 'tomorrow', at: { hour: 9, minute: 0 } },
    });
    expect(accessOutcome({ status: 'unchanged' }, HOURS, THURSDAY_NIGHT, CHICAGO)).toBeNull();
    expect(accessOutcome(undefined, HOURS, THURSDAY_NIGHT, CHICAGO)).toBeNull();
  });
});

describe('accessSentence', () => {
  const restored: UnitAccessOutcome = { status: 'restored' };

  it('in English', () => {
    expect(accessSentence(restored, english, 'en-US')).toBe('Your gate access is restored. Your code works now.');
    expect(accessSentence(manager(THURSDAY_NIGHT), english, 'en-US')).toBe(
      'Your payment is in. The lock on your unit is removed by the Facility Manager; the office opens at 9:00 AM tomorrow.',
    );
    expect(accessSentence(manager(FRIDAY_NIGHT), english, 'en-US')).toBe(
      'Your payment is in. The lock on your unit is removed by the Facility Manager; the office opens at 1:00 PM tomorrow.',
    );
    expect(accessSentence(manager(SATURDAY_NIGHT), english, 'en-US')).toBe(
      'Your payment is in. The lock on your unit is removed by the Facility Manager; the office opens at 9:00 AM on Monday.',
    );
    expect(accessSentence(manager(MONDAY_NOON), english, 'en-US')).toBe(
      'Your payment is in. The lock on your unit is removed by the Facility Manager; the office is open now, until 6:00 PM.',
    );
    expect(accessSentence(manager(Date.parse('2026-11-30T07:00-06:00')), english, 'en-US')).toBe(
      'Your payment is in. The lock on your unit is removed by the Facility Manager; the office opens at 9:00 AM today.',
    );
    expect(accessSentence({ status: 'manager', opening: { when: 'unknown' } }, english, 'en-US')).toBe(
      'Your payment is in. The lock on your unit is removed by the Facility Manager during office hours.',
    );
  });

  it('in Spanish, with "la 1" and "las 9"', () => {
    expect(accessSentence(restored, spanish, 'es-US')).toBe(
      'Su acceso al portón está restablecido. Su código ya funciona.',
    );
    expect(accessSentence(manager(SATURDAY_NIGHT), spanish, 'es-US')).toMatch(
      /^Su pago está registrado\. El gerente de la instalación retira el candado de su unidad; la oficina abre el lunes a las 9:00 a\.\s?m\.\.$/,
    );
    expect(accessSentence(manager(FRIDAY_NIGHT), spanish, 'es-US')).toMatch(
      /la oficina abre mañana a la 1:00 p\.\s?m\.\.$/,
    );
    expect(accessSentence(manager(MONDAY_NOON), spanish, 'es-US')).toMatch(
      /la oficina está abierta ahora, hasta las 6:00 p\.\s?m\.\.$/,
    );
  });
});

describe('lockedOutKey', () => {
  it('marks a suspended or overlocked unit only', () => {
    expect(english(lockedOutKey('gate_suspended')!)).toBe('Locked out — gate access suspended');
    expect(english(lockedOutKey('overlocked')!)).toBe('Locked out — your unit is overlocked');
    expect(lockedOutKey('ok')).toBeNull();
    expect(lockedOutKey(undefined)).toBeNull();
  });
});
