import type { DemoMerchandiseItem } from './demo-facility.js';

/**
 * The supplies part of the sandbox world: how many of each item the kiosk has sold since the
 * reset (stock left = the demo stock minus these) and the sale numbers. Lives in
 * SandboxState.merchandise and is rebuilt by its reset(); the sales themselves, masked, are kept
 * with the rental's lock sales (RentalProcessWorld.merchandiseSales, GET /__sandbox/rentals).
 */
export class MerchandiseWorld {
  private sold = new Map<string, number>();
  private saleSequence = 1000;

  constructor() {
    this.reset();
  }

  reset(): void {
    this.sold = new Map();
    this.saleSequence = 1000;
  }

  /** How many of the item the office still has at this facility. */
  stockLeft(facilityId: string, item: DemoMerchandiseItem): number {
    return Math.max(0, item.stock - (this.sold.get(`${facilityId}:${item.item_id}`) ?? 0));
  }

  /** A sale went through: its items leave the stock; answers the sale's number. */
  recordSold(facilityId: string, lines: readonly { item_id: string; quantity: number }[]): string {
    for (const line of lines) {
      const key = `${facilityId}:${line.item_id}`;
      this.sold.set(key, (this.sold.get(key) ?? 0) + line.quantity);
    }
    this.saleSequence += 1;
    return `MS-${this.saleSequence}`;
  }
}
