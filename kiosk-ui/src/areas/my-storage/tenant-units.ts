import { phoneOnFile as phoneOnFileOf, type TenantDetail } from '@kiosk/shared-types';
import type { PayableSpace } from '../pay-bill/payload';
import { dueBalance } from '../pay-bill/balance';
import { lockedOutKey } from '../pay-bill/payment-access';

/**
 * The tenant's units as MY STORAGE shows them (docs/my-storage.md). Built from the account's
 * space details, copying only what the screens show and the calls need: the gate code
 * (`accessCode`) stays behind, so no screen, log line or speech can ever say it.
 */
export interface TenantUnit {
  /** Facility, tenant and unit: unique in the list. */
  key: string;
  facility: string;
  tenantId: string;
  /** The rented space (space_details.spaceId), as the billing and tenant-area calls name it. */
  spaceId: string;
  /** The door name tenants know their unit by (space_details.unit_number). */
  door: string;
  balance: number;
  /** The account data says the unit is locked out (gate access suspended, or overlocked). */
  lockedOut: boolean;
}

/**
 * Whether the account data marks the unit as locked out: its `access_status` (docs/api-paths.md,
 * "Access after a payment") is 'gate_suspended' or 'overlocked', as Pay My Bill marks it.
 */
export function isLockedOut(space: Pick<PayableSpace, 'access_status'>): boolean {
  return lockedOutKey(space.access_status) !== null;
}

export function tenantUnits(spaces: readonly PayableSpace[]): TenantUnit[] {
  const seen = new Set<string>();
  const units: TenantUnit[] = [];
  for (const space of spaces) {
    // A space without a lease is not rented (yet): nothing to text or give notice for.
    if (!space.leaseId) continue;
    const key = `${space.facility}/${space.tenant_id}/${space.spaceId}`;
    if (seen.has(key)) continue;
    seen.add(key);
    units.push({
      key,
      facility: space.facility,
      tenantId: space.tenant_id,
      spaceId: space.spaceId,
      door: space.unit_number,
      balance: dueBalance(space.balance),
      lockedOut: isLockedOut(space),
    });
  }
  return units;
}

/**
 * The cell phone on file the gate code goes to: the account's cell phone, else its first phone,
 * else the number the tenant logged in with (the rule the daemon applies too, shared-types).
 */
export function phoneOnFile(account: TenantDetail | null, loginPhone: string | null): string | null {
  return phoneOnFileOf(account?.phones, loginPhone);
}

/** '2175550147' -> '(•••) •••-0147': where a text went, without the number. */
export function hiddenPhone(digits: string): string {
  return `(•••) •••-${digits.slice(-4)}`;
}
