import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { MoveOutNoticeResult } from '@kiosk/shared-types';
import { dueAmount, type YearMonth } from '../account-rules.js';
import { addDays, formatUsDate, localDate, parseUsDate, type LocalDate } from '../dates.js';
import { DEMO_MOVE_OUT, SANDBOX_SETTINGS } from '../demo-facility.js';
import { fail, ok, operatorPath, type SandboxRouteOptions } from '../respond.js';
import { formBody, text } from '../rental-form.js';

/**
 * MY STORAGE, the tenants' area (docs/my-storage.md): the move-out notice, a call the spec does
 * not name (docs/api-paths.md). The gate code by text is rental-gate-codes.ts's text-gate-code/.
 */

const dayNumber = (date: Pick<LocalDate, 'year' | 'month' | 'day'>) => date.year * 10_000 + date.month * 100 + date.day;
const monthNumber = (month: YearMonth) => month.year * 12 + month.month;
const dollars = (amount: number) => `$${amount.toFixed(2)}`;

const tenantAreaRoutes: FastifyPluginAsyncTypebox<SandboxRouteOptions> = async (app, { state }) => {
  const { accounts } = state;

  app.post(
    operatorPath('moveOutNotice'),
    { schema: { body: formBody(['facility_id', 'tenant_id', 'space_id', 'move_out_date']) } },
    async (request) => {
      const form = request.body;
      const lease = accounts.lease(text(form.tenant_id), text(form.space_id));
      if (!lease || lease.facility_id !== text(form.facility_id) || lease.leaseId === null) {
        return fail({ code: 'UnitNotFound', message: 'We could not find this unit on your account.' });
      }
      const today = localDate(state.now(), SANDBOX_SETTINGS.timezone);
      const asked = parseUsDate(text(form.move_out_date));
      if (!asked || dayNumber(asked) <= dayNumber(today)) {
        const message = 'The move-out date must be a date after today (MM/DD/YYYY).';
        return fail({ code: 'InvalidDate', message, errors: { move_out_date: [message] } });
      }
      const owed = dueAmount(lease.balance);
      if (owed > 0) {
        return fail({
          code: 'BalanceDue',
          message: DEMO_MOVE_OUT.balance_due_message
            .replace('{door}', lease.door_name)
            .replace('{amount}', dollars(owed)),
        });
      }
      const earliest = addDays(today, DEMO_MOVE_OUT.notice_days);
      const moved = dayNumber(asked) < dayNumber(earliest);
      const moveOut = moved ? earliest : asked;
      const moveOutDate = formatUsDate(moveOut);
      // Whole months paid after the move-out month come back.
      const paidMonthsAfter = monthNumber(lease.paidThrough) - monthNumber(moveOut);
      const result: MoveOutNoticeResult = {
        move_out_date: moveOutDate,
        notice_days: DEMO_MOVE_OUT.notice_days,
        balance: 0,
        refund: Math.max(0, paidMonthsAfter) * lease.monthly_rent,
        message: moved
          ? DEMO_MOVE_OUT.moved_message
              .replace('{days}', String(DEMO_MOVE_OUT.notice_days))
              .replace('{date}', moveOutDate)
          : DEMO_MOVE_OUT.accepted_message,
      };
      const tenant = accounts.tenants.find((candidate) => candidate.tenant_id === lease.tenant_id);
      state.recordings.recordMail({
        kind: 'move-out',
        to: { facility: lease.facility_id, tenant: lease.tenant_id, email: tenant?.email ?? '' },
        data: { unit_no: lease.door_name, ...result },
      });
      return ok(result);
    },
  );
};

export default tenantAreaRoutes;
