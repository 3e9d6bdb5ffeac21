import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  MERCHANDISE_SALE_ERRORS,
  type MerchandiseItem,
  type MerchandiseSaleLine,
  type MerchandiseSaleResult,
  type MerchandiseSoldLine,
} from '@kiosk/shared-types';
import { cardOutcome } from '../card-outcome.js';
import type { DemoMerchandiseItem } from '../demo-facility.js';
import { fail, ok, operatorPath, stringFields, type SandboxRouteOptions } from '../respond.js';
import { formBody, text } from '../rental-form.js';
import { terminalPayment } from '../terminal-reference.js';

/**
 * Merchandise (rental spec §3 lock item, §7 merchandise/ and process-merchandise-sales/;
 * docs/api-paths.md): the lock offered with a space type, the facility's whole supplies list, and
 * a sale — either the lock bought with a rental (item_id, already paid by the rental) or a basket
 * bought at /merchandise and paid by card here (items, card fields). A basket holding an item the
 * office has run out of is refused before the card is charged (ItemSoldOut, errors.sold_out).
 */

/** The most of one item a kiosk sale may hold. */
const MAX_QUANTITY = 99;

const cents = (dollars: number): number => Math.round(dollars * 100);
const dollars = (amount: number): number => amount / 100;

/** The demo item as the operator lists it (its stock stays in the office). */
function listed({ stock: _stock, ...item }: DemoMerchandiseItem): MerchandiseItem {
  return item;
}

/** `items` as the form carries it: a JSON list of {item_id, quantity}; null when malformed. */
function parseLines(value: string | undefined): MerchandiseSaleLine[] | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(value ?? '');
  } catch {
    return null;
  }
  if (!Array.isArray(parsed) || parsed.length === 0) return null;
  const lines: MerchandiseSaleLine[] = [];
  for (const entry of parsed as unknown[]) {
    const { item_id, quantity } = (entry ?? {}) as Record<string, unknown>;
    if (typeof item_id !== 'string' || !Number.isInteger(quantity)) return null;
    if ((quantity as number) < 1 || (quantity as number) > MAX_QUANTITY) return null;
    if (lines.some((line) => line.item_id === item_id)) return null;
    lines.push({ item_id, quantity: quantity as number });
  }
  return lines;
}

/** A list of names as a sentence: "Tape", "Tape and Wrap", "Tape, Wrap and Bag". */
function names(list: readonly string[]): string {
  return list.length <= 1 ? (list[0] ?? '') : `${list.slice(0, -1).join(', ')} and ${list.at(-1)}`;
}

const merchandiseRoutes: FastifyPluginAsyncTypebox<SandboxRouteOptions> = async (app, { state }) => {
  const world = state.rentalProcess;

  app.get(
    operatorPath('merchandise'),
    { schema: { params: stringFields(['facility'], ['facility']), querystring: stringFields(['space_type_id']) } },
    async (request) => {
      const { facility } = request.params;
      const { data } = state.facility(facility);
      const typeId = (request.query.space_type_id ?? '').trim();
      // Without a space type: the supplies sold at the kiosk. With one: the lock offered with it.
      if (!typeId) return ok(data.merchandise.map(listed));
      const unit = state.unit(facility, typeId);
      if (!unit) return fail({ code: 'UnitNotFound', message: `No unit ${typeId}.` });
      return ok(unit.offers_lock ? data.locks : []);
    },
  );

  app.post(
    operatorPath('processMerchandiseSales'),
    { schema: { body: formBody(['facility_id']) } },
    async (request) => {
      const body = request.body;
      const facilityId = text(body.facility_id);
      const { data } = state.facility(facilityId);

      // The lock bought with a rental: the rental already charged it.
      if (body.items === undefined) {
        const item = data.locks.find((lock) => lock.item_id === text(body.item_id));
        if (!item) return fail({ code: MERCHANDISE_SALE_ERRORS.invalid, message: `No item ${text(body.item_id)}.` });
        world.recordMerchandiseSale({ ...body, amount: item.amount });
        return ok({ processed: true, item_id: item.item_id, amount: item.amount });
      }

      const lines = parseLines(body.items);
      if (!lines) {
        return fail({
          code: MERCHANDISE_SALE_ERRORS.invalid,
          message: 'items must be a list of {item_id, quantity} with quantities from 1 to 99.',
          errors: { items: ['Invalid items.'] },
        });
      }
      const priced = lines.map((line) => ({ line, item: data.merchandise.find((i) => i.item_id === line.item_id) }));
      const unknown = priced.filter(({ item }) => !item).map(({ line }) => line.item_id);
      if (unknown.length > 0) {
        return fail({
          code: MERCHANDISE_SALE_ERRORS.invalid,
          message: `No item ${unknown.join(', ')}.`,
          errors: { items: unknown.map((id) => `No item ${id}.`) },
        });
      }
      const found = priced as { line: MerchandiseSaleLine; item: DemoMerchandiseItem }[];
      const soldOut = found.filter(({ line, item }) => state.merchandise.stockLeft(facilityId, item) < line.quantity);
      if (soldOut.length > 0) {
        const soldOutNames = soldOut.map(({ item }) => item.name ?? item.item_id);
        return fail({
          code: MERCHANDISE_SALE_ERRORS.soldOut,
          message: `Sorry! ${names(soldOutNames)} ${soldOut.length === 1 ? 'is' : 'are'} sold out.`,
          errors: { sold_out: soldOut.map(({ item }) => item.item_id) },
        });
      }

      const items: MerchandiseSoldLine[] = found.map(({ line, item }) => ({
        item_id: item.item_id,
        name: item.name ?? item.item_id,
        quantity: line.quantity,
        amount: item.amount,
        total: dollars(cents(item.amount) * line.quantity),
      }));
      const subtotalCents = items.reduce((sum, line) => sum + cents(line.total), 0);
      const taxCents = Math.round(
        found.reduce(
          (sum, { line, item }) => sum + (cents(item.amount) * line.quantity * (item.tax_rate ?? 0)) / 100,
          0,
        ),
      );
      // Paid on the payment terminal: the payment the daemon recorded for this basket's total.
      const terminal = terminalPayment(state, body, {
        facilityId,
        purpose: 'merchandise',
        amountCents: subtotalCents + taxCents,
        ...(text(body.tenant_id) ? { tenantId: text(body.tenant_id) } : {}),
        ...(text(body.space_id) ? { spaceId: text(body.space_id) } : {}),
      });
      if (terminal.paid && terminal.refused) return terminal.refused;
      const card = terminal.paid
        ? { ok: true as const, last4: terminal.last4 }
        : cardOutcome(
            { number: body.card_number, cvv: body.cvv, exp_month: body.cc_exp_month, exp_year: body.cc_exp_year },
            state.today(),
          );
      if (!card.ok) return fail({ code: card.code, message: card.message });
      const sale_id = state.merchandise.recordSold(facilityId, lines);
      if (terminal.paid) state.terminalPayments.markUsed(terminal.record, `merchandise:${sale_id}`);
      const result: MerchandiseSaleResult = {
        sale_id,
        items,
        subtotal: dollars(subtotalCents),
        tax: dollars(taxCents),
        total: dollars(subtotalCents + taxCents),
        card_last4: card.last4,
      };
      world.recordMerchandiseSale({ ...body, sale_id, total: result.total });
      return ok(result);
    },
  );
};

export default merchandiseRoutes;
