import type { TenantUnit } from './tenant-units';
import { startOfToday, type DateRange, type Today } from '../../utils/dates';

/** How far ahead a move-out date may be picked (the operator's notice rules decide the rest). */
export const MOVE_OUT_DAYS_AHEAD = 365;

/**
 * Move-out dates (docs/my-storage.md): from tomorrow, as the rental's date fields start, so the
 * notice never dates a move-out already under way; at most a year ahead.
 */
export function moveOutDateRange(today?: Today): DateRange {
  const start = startOfToday(today);
  return { min: start.add(1, 'day'), max: start.add(MOVE_OUT_DAYS_AHEAD, 'day') };
}

/** The form of POST move-out-notice/ (docs/api-paths.md). */
export function moveOutNoticeForm(unit: TenantUnit, moveOutDate: string): Record<string, string> {
  return {
    facility_id: unit.facility,
    tenant_id: unit.tenantId,
    space_id: unit.spaceId,
    move_out_date: moveOutDate,
  };
}
