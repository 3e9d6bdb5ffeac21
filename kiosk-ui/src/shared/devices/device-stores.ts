import type { DeviceStore } from './DeviceStore';
import type { PrinterStore } from './PrinterStore';
import type { LicenceScanStore } from './LicenceScanStore';

/** The devices' stores, read by several areas' screens (card reader, receipt printer, licence scanner). */
export const DEVICE_STORES = {
  device: (): Promise<typeof DeviceStore> => import('./DeviceStore').then((module) => module.DeviceStore),
  printer: (): Promise<typeof PrinterStore> => import('./PrinterStore').then((module) => module.PrinterStore),
  licenceScan: (): Promise<typeof LicenceScanStore> =>
    import('./LicenceScanStore').then((module) => module.LicenceScanStore),
};
