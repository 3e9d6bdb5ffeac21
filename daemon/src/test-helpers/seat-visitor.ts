import type { FastifyInstance } from 'fastify';

/**
 * Puts a visitor in front of the screen as the operator's answers would (plugins/visit.ts): the
 * account logged in with `userToken`, holding `tenant` with these units. For tests of calls the
 * daemon passes only for the visit at the screen; the visit's own tests teach it through the proxy.
 */
export function seatVisitor(
  app: FastifyInstance,
  visitor: { userToken?: string; tenant: string; facility?: string; units: Array<{ spaceId: string; door?: string }> },
): void {
  const ok = (result: unknown) => ({ application_data: { status: 'ok', result } });
  const none = { params: {}, query: {}, form: {} };
  const facility = visitor.facility ?? 'demo';
  app.visit.learn(
    'login',
    none,
    ok({ user_token: visitor.userToken ?? 'seated-visitor-token', email: 'visitor@example.com' }),
  );
  app.visit.learn('userItems', none, ok([{ facility, tenants: [visitor.tenant] }]));
  app.visit.learn(
    'userItemDetails',
    { ...none, params: { facility, tenant: visitor.tenant } },
    ok({
      tenant_details: [
        {
          type: 'primary',
          tenant_id: visitor.tenant,
          res_id: null,
          phones: [{ type: 'cell', number: '+12175550147' }],
        },
      ],
      space_details: visitor.units.map((unit) => ({ spaceId: unit.spaceId, unit_number: unit.door ?? unit.spaceId })),
    }),
  );
}

/** The visit at the screen made this rental (as the operator's rental answer tells the daemon). */
export function seatNewRental(
  app: FastifyInstance,
  rental: { tenant: string; spaceId: string; door?: string; rrdId?: string; gatecode?: string },
): void {
  app.visit.learn(
    'rental',
    { params: {}, query: {}, form: {} },
    {
      application_data: {
        status: 'ok',
        result: {
          tenant_id: rental.tenant,
          space_id: rental.spaceId,
          unit_door_number: rental.door ?? rental.spaceId,
          rrd_id: rental.rrdId ?? `rrd-${rental.tenant}`,
          gatecode: rental.gatecode ?? '7351',
        },
      },
    },
  );
}
