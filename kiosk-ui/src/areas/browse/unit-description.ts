import type { Unit } from '@kiosk/shared-types';

/**
 * The description a unit shows (rental §3 Unit): the operator's updated text (sf_description)
 * when the unit says it was updated (description_updated), else its description. An update flag
 * without a text keeps the description, so a row never goes blank. The flag may arrive as a
 * boolean, a number or a string.
 */
export function unitDescription(unit: Pick<Unit, 'description' | 'description_updated' | 'sf_description'>): string {
  const flag = unit.description_updated as unknown;
  const updated = flag === true || flag === 1 || flag === '1' || flag === 'true';
  const replacement = unit.sf_description?.trim() ?? '';
  return updated && replacement !== '' ? replacement : (unit.description ?? '');
}
