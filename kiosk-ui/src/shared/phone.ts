/*
 * Phone numbers as every area shows them; the form rules for a phone field are forms/phone.ts.
 */

/** Any phone text -> the mask (###) ###-####, when it has 10 national digits (else as it came). */
export function maskPhone(value: string | null | undefined): string {
  const digits = (value ?? '').replace(/\D/g, '');
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  if (national.length !== 10) return value ?? '';
  return `(${national.slice(0, 3)}) ${national.slice(3, 6)}-${national.slice(6)}`;
}
