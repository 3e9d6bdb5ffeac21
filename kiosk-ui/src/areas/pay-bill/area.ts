import type { AreaDefinition, ScreenSource } from '../../sections/area';
import type { PayBillStore } from './PayBillStore';

/** PAY MY BILL and Setup autopay are one screen, opened at the unit list or for autopay. */
const payBillScreen: ScreenSource = {
  load: () => import('./screens/PayBillScreen'),
  stores: ['account', 'payBill', 'device', 'printer', 'payment', 'trivia'],
};

const stores = {
  payBill: (): Promise<typeof PayBillStore> => import('./PayBillStore').then((module) => module.PayBillStore),
};

export const payBillArea: AreaDefinition<'pay-bill', typeof stores> = {
  screens: { pay_bill: payBillScreen, autopay: payBillScreen },
  stores,
};
