import { describe, expect, it } from 'vitest';
import { normalizeUnitNumber, sameUnitNumber } from './door-number';

describe('sameUnitNumber', () => {
  it('treats a zero-padded number as the same unit', () => {
    expect(sameUnitNumber('015', '15')).toBe(true);
    expect(sameUnitNumber('A015', 'a15')).toBe(true);
    expect(sameUnitNumber('0', '000')).toBe(true);
  });

  it('ignores case and surrounding spaces', () => {
    expect(sameUnitNumber('  b12 ', 'B12')).toBe(true);
    expect(sameUnitNumber(12, '012')).toBe(true);
  });

  it('still tells different units apart', () => {
    expect(sameUnitNumber('15', '150')).toBe(false);
    expect(sameUnitNumber('105', '15')).toBe(false);
    expect(sameUnitNumber('A15', 'B15')).toBe(false);
    expect(sameUnitNumber('A15', '15')).toBe(false);
  });

  it('never matches an empty number', () => {
    expect(sameUnitNumber('', '')).toBe(false);
    expect(sameUnitNumber('  ', null)).toBe(false);
    expect(sameUnitNumber(undefined, '0')).toBe(false);
  });
});

describe('normalizeUnitNumber', () => {
  it('strips the padding of every number in a door name', () => {
    expect(normalizeUnitNumber('Bldg 02 - 007')).toBe('bldg 2 - 7');
  });
});
