import type { AreaDefinition, ScreenSource } from '../../sections/area';
import type { BillingStore } from './BillingStore';

/** PAY MY BILL and Setup autopay are one screen, opened at the unit list or for autopay. */
const payBillScreen: ScreenSource = {
  load: () => import('./screens/PayBillScreen'),
  stores: ['account', 'billing', 'device', 'printer', 'trivia'],
};

const stores = {
  billing: (): Promise<typeof BillingStore> => import('./BillingStore').then((module) => module.BillingStore),
};

export const payBillArea: AreaDefinition<'pay-bill', typeof stores> = {
  screens: { pay_bill: payBillScreen, autopay: payBillScreen },
  stores,
};
