import type { PaymentStore } from './PaymentStore';

/**
 * The payment step's store (`root.payment`), shared by every area that takes a payment: not an
 * area of its own (no section shows it alone), so it is listed beside the devices' stores.
 */
export const PAYMENT_STORES = {
  payment: (): Promise<typeof PaymentStore> => import('./PaymentStore').then((module) => module.PaymentStore),
};
