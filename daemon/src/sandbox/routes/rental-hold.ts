import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { OWN_INSURANCE_PLAN_ID, type HoldResult, type InsurancePlan, type LockItem } from '@kiosk/shared-types';
import { parseUsDate } from '../dates.js';
import { SANDBOX_SETTINGS } from '../demo-facility.js';
import { computeMoveInCost } from '../move-in-cost.js';
import { fail, ok, operatorPath, stringFields, type SandboxRouteOptions } from '../respond.js';
import type { Hold, HoldOutcome } from '../space-records.js';
import { reservationView, unitPromos } from '../views.js';

/**
 * Holding a space and pricing the move-in: holds (by type or by space), release, rental cost,
 * the protection plans offered for a type, and finding a reservation. The lock offered with a
 * type: routes/merchandise.ts.
 */

/** How forms say "none" for an optional choice. */
const NONE = new Set(['', 'null', 'undefined', 'none', 'false', '0']);
const chosen = (value: string | undefined): string | undefined =>
  value === undefined || NONE.has(value.trim().toLowerCase()) ? undefined : value.trim();

function holdReply(outcome: HoldOutcome) {
  if (!outcome.ok) return fail({ code: outcome.code, message: outcome.message });
  const { token, space_type_id, space_id, door_name }: Hold = outcome.hold;
  const result: HoldResult = { token, space_type_id, space_id, door_number: door_name };
  return ok(result);
}

const COST_QUERY = [
  'available_unit_id',
  'promo_id',
  'insurance_id',
  'hold_token',
  'merchandise_item',
  'res_id',
  'facility_id',
] as const;

const rentalHoldRoutes: FastifyPluginAsyncTypebox<SandboxRouteOptions> = async (app, { state }) => {
  app.post(
    operatorPath('holdSpaceType'),
    { schema: { params: stringFields(['facility', 'spaceTypeId'], ['facility', 'spaceTypeId']) } },
    async (request) => holdReply(state.holdSpaceType(request.params.facility, request.params.spaceTypeId)),
  );

  app.post(
    operatorPath('holdSpace'),
    { schema: { params: stringFields(['facility', 'spaceId'], ['facility', 'spaceId']) } },
    async (request) => holdReply(state.holdSpace(request.params.facility, request.params.spaceId)),
  );

  app.post(
    operatorPath('releaseSpace'),
    {
      schema: {
        params: stringFields(['facility'], ['facility']),
        body: stringFields(['facility_id', 'space_id', 'hold_token'], ['space_id', 'hold_token']),
      },
    },
    async (request) => {
      const { space_id, hold_token } = request.body;
      const outcome = state.releaseSpace(request.params.facility, space_id, hold_token);
      switch (outcome) {
        case 'released':
          return ok({ released: true });
        case 'not-held':
          // Already free (expired, or released twice): nothing to do, and nothing wrong.
          return ok({ released: false });
        case 'token-mismatch':
          return fail({ code: 'InvalidHoldToken', message: 'The hold token does not match this space.' });
        case 'unknown-space':
          return fail({ code: 'SpaceNotFound', message: `No space ${space_id}.` });
      }
    },
  );

  app.get(
    operatorPath('rentalCost'),
    {
      schema: {
        params: stringFields(['facility', 'spaceTypeId'], ['facility', 'spaceTypeId']),
        querystring: stringFields(COST_QUERY),
      },
    },
    async (request) => {
      const { facility, spaceTypeId } = request.params;
      const query = request.query;
      const { data } = state.facility(facility);
      const unit = state.unit(facility, spaceTypeId);
      if (!unit) return fail({ code: 'UnitNotFound', message: `No unit ${spaceTypeId}.` });
      if (data.cost_failures.unit_ids.includes(unit.unit_id)) {
        return fail({
          code: 'CostCalculationFailed',
          message: 'The management system could not calculate the move-in cost.',
        });
      }

      const spaceId = chosen(query.available_unit_id);
      const space = spaceId ? state.findSpace(facility, spaceId) : undefined;
      if (spaceId && !space) return fail({ code: 'SpaceNotFound', message: `No space ${spaceId}.` });
      const monthlyRent = space ? space.rental_rate : unit.rental_rate;
      if (monthlyRent === null) {
        return fail({
          code: 'CostCalculationFailed',
          message: 'This unit has no self-serve rate. Please call the office.',
        });
      }

      const promoId = chosen(query.promo_id);
      const promo = promoId
        ? (unitPromos(state.facility(facility), unit).find((candidate) => candidate.promo_id === promoId) ?? null)
        : null;

      const insuranceId = chosen(query.insurance_id);
      let insurance: InsurancePlan | null = null;
      if (insuranceId && Number(insuranceId) !== OWN_INSURANCE_PLAN_ID) {
        insurance =
          data.insurance_plans.find((plan) => plan.insurance_id === Number(insuranceId) && plan.enabled) ?? null;
        if (!insurance || !unit.offers_protection) {
          return fail({
            code: 'InvalidInsurance',
            message: `Protection plan ${insuranceId} is not offered for this unit.`,
          });
        }
      }

      const itemId = chosen(query.merchandise_item);
      let lock: LockItem | null = null;
      if (itemId) {
        lock = data.locks.find((item) => item.item_id === itemId) ?? null;
        if (!lock || !unit.offers_lock)
          return fail({ code: 'InvalidMerchandise', message: `Item ${itemId} is not sold with this unit.` });
      }

      // A reservation moves in on its own date; everything else moves in today.
      const resId = chosen(query.res_id);
      const reservation = resId ? state.findReservationById(facility, resId) : undefined;
      const today = state.today();
      const reservedDate = reservation ? parseUsDate(state.reservationDate(reservation)) : undefined;
      const moveInDate =
        reservedDate &&
        Date.UTC(reservedDate.year, reservedDate.month - 1, reservedDate.day) >
          Date.UTC(today.year, today.month - 1, today.day)
          ? reservedDate
          : today;

      return ok(
        computeMoveInCost({
          moveInDate,
          monthlyRent,
          adminFee: SANDBOX_SETTINGS.admin_fee,
          taxRate: SANDBOX_SETTINGS.tax_rate,
          promo,
          insurance,
          lock,
        }),
      );
    },
  );

  app.get(
    operatorPath('facilityInsurances'),
    { schema: { params: stringFields(['facility'], ['facility']), querystring: stringFields(['space_type_id']) } },
    async (request) => {
      const { facility } = request.params;
      const { data } = state.facility(facility);
      const typeId = chosen(request.query.space_type_id);
      const unit = typeId ? state.unit(facility, typeId) : undefined;
      if (typeId && !unit) return fail({ code: 'UnitNotFound', message: `No unit ${typeId}.` });
      return ok(unit && !unit.offers_protection ? [] : data.insurance_plans);
    },
  );

  app.get(
    operatorPath('findReservation'),
    {
      schema: {
        params: stringFields(['facility'], ['facility']),
        querystring: stringFields(['reservation_code', 'facility_id']),
      },
    },
    async (request) => {
      const world = state.facility(request.params.facility);
      const code = (request.query.reservation_code ?? '').trim();
      if (!code) {
        return fail({
          code: 'ValidationError',
          message: 'This field is required.',
          errors: { reservation_code: ['This field is required.'] },
        });
      }
      const record = state.findReservation(world.data.facility_id, code);
      if (!record) {
        return fail({
          code: 'ReservationNotFound',
          message: 'No reservation found with this code.',
          errors: {
            __all__: ['No reservation found with this code.'],
            reservation_code: ['Please check the code and try again.'],
          },
        });
      }
      return ok(reservationView(state, world, record));
    },
  );
};

export default rentalHoldRoutes;
