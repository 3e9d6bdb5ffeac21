/** One entry of GET user/items/: a facility and its tenants (ids, or objects carrying tenant_id). */
export interface UserItemLike {
  facility: string | number | { facility_id: string | number };
  tenants: readonly (string | number | { tenant_id: string | number })[];
}

/** An entry of result.tenant_details (shell §3). */
export interface TenantDetailLike {
  type?: string | null;
  tenant_id?: string | number | null;
  res_id?: string | number | null;
}

/** An entry of result.space_details (shell §3). */
export interface SpaceDetailsLike {
  spaceId?: string | number | null;
  facility_id?: string | number | null;
  leaseId?: string | number | null;
  res_id?: string | number | null;
}

export interface DetailRequest {
  facility: string;
  tenant: string;
}

export type DetailResponse<T extends TenantDetailLike, S extends SpaceDetailsLike> =
  | { ok: true; request: DetailRequest; tenant_details: readonly T[]; space_details: readonly S[] }
  | { ok: false; request: DetailRequest };

const idOf = (value: string | number | { facility_id: string | number } | { tenant_id: string | number }) =>
  String(typeof value === 'object' ? ('facility_id' in value ? value.facility_id : value.tenant_id) : value);

/**
 * Where loading Pay My Bill goes after the user-items call: an error, a failed call or an empty
 * list sends the tenant to link a rental.
 */
export function afterUserItems(
  response: { ok: true; items: readonly UserItemLike[] | null | undefined } | { ok: false },
): 'load_details' | 'link_rental' {
  return response.ok && response.items?.some((item) => item.tenants.length > 0) ? 'load_details' : 'link_rental';
}

/** One details call per tenant of every item (shell §4 Loading Pay My Bill). */
export function detailRequests(items: readonly UserItemLike[]): DetailRequest[] {
  const seen = new Set<string>();
  return items.flatMap((item) =>
    item.tenants.flatMap((tenant) => {
      const request = { facility: idOf(item.facility), tenant: idOf(tenant) };
      const key = `${request.facility}\u0000${request.tenant}`;
      if (seen.has(key)) return [];
      seen.add(key);
      return [request];
    }),
  );
}

const isReservation = (entry: { res_id?: string | number | null }) =>
  entry.res_id !== null && entry.res_id !== undefined && entry.res_id !== '';

const hasLeaseId = (space: SpaceDetailsLike) =>
  space.leaseId !== null && space.leaseId !== undefined && space.leaseId !== '';

/** A unit of the list, with the tenant and facility its pre-pay and autopay calls need. */
export type PayableUnit<S> = S & { tenant_id: string; facility: string };

export interface UserItemsSummary<T, S> {
  /** The primary tenant, used for account data. */
  account: T | null;
  /** Every space listed, reservations left out; the first one is selected. */
  units: PayableUnit<S>[];
  /** Details calls that failed: counted and otherwise ignored. */
  failed: number;
  hasLease: boolean;
  next: 'pay' | 'link_rental';
}

/**
 * Combines the per-tenant details once every response is back (shell §4 "Loading Pay My Bill").
 * Entries with a res_id are reservations, not rentals, and are the only ones skipped: a space
 * without a leaseId, or one listed again under another tenant, is shown as the management system
 * sent it. The list shows when any space has a leaseId; otherwise the tenant links a rental.
 */
export function summarizeUserItems<T extends TenantDetailLike, S extends SpaceDetailsLike>(
  responses: readonly DetailResponse<T, S>[],
): UserItemsSummary<T, S> {
  const tenants: T[] = [];
  const units: PayableUnit<S>[] = [];
  let failed = 0;
  for (const response of responses) {
    if (!response.ok) {
      failed += 1;
      continue;
    }
    tenants.push(...(response.tenant_details ?? []).filter((t) => !isReservation(t)));
    for (const space of response.space_details ?? []) {
      if (isReservation(space)) continue;
      units.push({ ...space, tenant_id: response.request.tenant, facility: response.request.facility });
    }
  }
  const account = tenants.find((t) => t.type?.toLowerCase() === 'primary') ?? tenants[0] ?? null;
  const hasLease = units.some(hasLeaseId);
  return { account, units: hasLease ? units : [], failed, hasLease, next: hasLease ? 'pay' : 'link_rental' };
}
