import type { MerchandiseReceipt } from '@kiosk/shared-types';
import { receiptFacility } from '../../shared/devices/receipts';
import type { RootStore } from '../../stores/RootStore';

/** The supplies just bought, with the operator's figures; null when no sale went through. */
export function merchandiseReceipt({
  merchandise,
  config,
}: Pick<RootStore, 'merchandise' | 'config'>): MerchandiseReceipt | null {
  const receipt = merchandise.receipt;
  return receipt ? { ...receipt, facility: receiptFacility(config.facility) } : null;
}
