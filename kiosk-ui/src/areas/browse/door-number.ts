/**
 * Unit (door) numbers as an operator reads them: 'A015', 'a15' and ' A15 ' are the same door.
 * Leading zeros are padding on a sign or in the management system, never a different unit.
 */
export function normalizeUnitNumber(value: string | number | null | undefined): string {
  return String(value ?? '')
    .trim()
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/\d+/g, (digits) => digits.replace(/^0+(?=\d)/, ''));
}

export function sameUnitNumber(a: string | number | null | undefined, b: string | number | null | undefined): boolean {
  const left = normalizeUnitNumber(a);
  return left !== '' && left === normalizeUnitNumber(b);
}
