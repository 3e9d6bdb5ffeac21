import type { TenantDetail, UserItem, UserItemDetails } from '@kiosk/shared-types';
import type { ApiClient } from '../../api/client';
import { isOperatorUnreachable } from '../../api/errors';
import type { PayableSpace } from './payload';
import { afterUserItems, detailRequests, summarizeUserItems, type DetailResponse } from './user-items';

/** A pause that tests can shorten (the 2-second minimum of the loading screen). */
const wait = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

export type PayableAccount =
  | { next: 'link_rental'; failed: number }
  /** The operator could not be reached: the screen offers to try again (not link a rental). */
  | { next: 'unreachable' }
  | { next: 'units'; account: TenantDetail | null; spaces: PayableSpace[]; failed: number };

/**
 * Loading Pay My Bill (shell §4): user items with at least `minimumMs` of 'We are locating your
 * account.'; an operator error or nothing found goes to link a rental, no answer at all (a
 * network drop) to 'unreachable'. Then every tenant's details; failed
 * calls are counted and ignored; a space with a lease shows the unit list, else link a rental.
 * `stillWanted` is asked after each wait: a load the visitor left is dropped.
 */
export async function loadPayableAccount(
  api: ApiClient,
  user: { token: string; email: string },
  minimumMs: number,
  stillWanted: () => boolean,
): Promise<PayableAccount | null> {
  const itemsCall = api
    .call<UserItem[]>('userItems', {}, { query: { user_token: user.token, user_email: user.email } })
    .then((response) =>
      response.status === 'ok'
        ? { ok: true as const, items: response.result }
        : { ok: false as const, unreachable: false },
    )
    .catch((error: unknown) => ({ ok: false as const, unreachable: isOperatorUnreachable(error) }));
  const [items] = await Promise.all([itemsCall, wait(minimumMs)]);
  if (!stillWanted()) return null;
  if (!items.ok && items.unreachable) return { next: 'unreachable' };
  if (afterUserItems(items) === 'link_rental' || !items.ok) return { next: 'link_rental', failed: 0 };

  const responses = await Promise.all(
    detailRequests(items.items).map(async (request): Promise<DetailResponse<TenantDetail, PayableSpace>> => {
      try {
        const response = await api.call<UserItemDetails>(
          'userItemDetails',
          { facility: request.facility, tenant: request.tenant },
          { query: { user_token: user.token } },
        );
        if (response.status !== 'ok') return { ok: false, request };
        return {
          ok: true,
          request,
          tenant_details: response.result.tenant_details ?? [],
          space_details: (response.result.space_details ?? []) as PayableSpace[],
        };
      } catch {
        return { ok: false, request };
      }
    }),
  );
  if (!stillWanted()) return null;
  const summary = summarizeUserItems(responses);
  if (summary.next === 'link_rental') return { next: 'link_rental', failed: summary.failed };
  return { next: 'units', account: summary.account, spaces: summary.units, failed: summary.failed };
}
