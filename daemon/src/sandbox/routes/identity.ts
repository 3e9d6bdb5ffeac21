import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Dossier, DossierCreated, IdentityVerificationCreated, IdentityVerifyResult } from '@kiosk/shared-types';
import {
  fail,
  headerOf,
  isTruthy,
  jsonField,
  ok,
  operatorPath,
  stringFields,
  type SandboxRouteOptions,
} from '../respond.js';

/**
 * Identity verification (rental spec §4, §7 "Identity and documents"): the dossier the kiosk keeps
 * per attempt, the verification request that texts the phone link and the verify call, and a
 * logged-in visitor's earlier verifications. The identity provider's session calls:
 * routes/identity-provider.ts; its file uploads: routes/identity-files.ts; the pages outside the
 * operator API (phone page, upload target, control routes): routes/identity-pages.ts.
 * See docs/sandbox.md "Identity".
 */

const DOSSIER_FIELDS = ['rental', 'verification', 'images', 'OTPToken', 'idvId', 'phone', 'updated_time'] as const;

const identityRoutes: FastifyPluginAsyncTypebox<SandboxRouteOptions> = async (app, { state }) => {
  const { identity } = state;

  // -- DOSSIERS -----------------------------------------------------------------------------------

  app.post(
    operatorPath('createDossier'),
    {
      schema: {
        params: stringFields(['owner', 'facility'], ['owner', 'facility']),
        body: stringFields(['owner', 'facility', 'created_time', 'updated_time', 'trace_id']),
      },
    },
    async (request) => {
      const { owner, facility } = request.params;
      state.facility(facility);
      const body = request.body ?? {};
      const dossier = identity.createDossier({
        owner_id: owner,
        facility_id: facility,
        created_time: body.created_time,
        updated_time: body.updated_time,
        trace_id: body.trace_id,
      });
      const result: DossierCreated = { dossier_id: dossier.dossierId };
      return ok(result);
    },
  );

  app.get(
    operatorPath('getDossier'),
    { schema: { params: stringFields(['dossierId'], ['dossierId']) } },
    async (request) => ok(identity.dossier(request.params.dossierId)),
  );

  app.put(
    operatorPath('updateDossier'),
    { schema: { params: stringFields(['dossierId'], ['dossierId']), body: stringFields(DOSSIER_FIELDS) } },
    async (request) => {
      const body = request.body ?? {};
      const patch: Partial<Dossier> = {};
      for (const field of ['rental', 'verification', 'images'] as const) {
        const value = jsonField(body[field], field);
        if (value !== undefined) (patch as Record<string, unknown>)[field] = value;
      }
      for (const field of ['OTPToken', 'idvId', 'phone', 'updated_time'] as const) {
        if (body[field] !== undefined) patch[field] = body[field];
      }
      return ok(identity.updateDossier(request.params.dossierId, patch));
    },
  );

  // -- VERIFICATION REQUESTS ----------------------------------------------------------------------

  app.post(
    operatorPath('identityVerification'),
    {
      schema: {
        params: stringFields(['owner', 'facility'], ['owner', 'facility']),
        querystring: stringFields(['sendNotification']),
        body: stringFields(
          ['email', 'phone', 'dossierId', 'device', 'incodeVerificationLink'],
          ['phone', 'incodeVerificationLink'],
        ),
      },
    },
    async (request) => {
      const { owner, facility } = request.params;
      const world = state.facility(facility);
      const { phone, incodeVerificationLink: link } = request.body;
      if (phone.replace(/\D/g, '').length < 10) {
        return fail({
          code: 'InvalidPhone',
          message: 'Invalid Cell Phone Number',
          errors: { phone: ['Invalid Cell Phone Number'] },
        });
      }
      const record = identity.createIdv({
        owner_id: owner,
        facility_id: facility,
        dossierId: request.body.dossierId || null,
        email: request.body.email ?? '',
        phone,
        device: request.body.device ?? '',
        link,
      });
      if (isTruthy(request.query.sendNotification)) {
        state.recordings.recordText({
          to: phone,
          kind: 'identity-verification',
          body: `${world.data.settings.name}: continue your ID verification on your phone: ${link}`,
        });
      }
      const result: IdentityVerificationCreated = { idvId: record.idvId };
      return ok(result);
    },
  );

  app.post(
    operatorPath('identityVerify'),
    {
      schema: {
        params: stringFields(['owner', 'facility', 'idvId'], ['owner', 'facility', 'idvId']),
        body: stringFields(['owner', 'facility', 'idv_id', 'payload']),
      },
    },
    async (request) => {
      const record = identity.submit(request.params.idvId, jsonField(request.body?.payload, 'payload') ?? null);
      const result: IdentityVerifyResult = { idvId: record.idvId, state: record.state };
      return ok(result);
    },
  );

  // A logged-in visitor's earlier verifications; the passport token (authorization) must be there.
  app.get(
    operatorPath('ownerItems'),
    { schema: { params: stringFields(['owner'], ['owner']), querystring: stringFields(['emailId']) } },
    async (request, reply) => {
      if (!headerOf(request, 'authorization')) {
        return reply.code(401).send(fail({ code: 'Unauthorized', message: 'The passport token is missing.' }));
      }
      return ok(identity.ownerItems(request.query.emailId ?? ''));
    },
  );
};

export default identityRoutes;
