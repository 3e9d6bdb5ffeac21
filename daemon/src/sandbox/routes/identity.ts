import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  IDENTITY_TOKEN_HEADER,
  type Dossier,
  type DossierCreated,
  type ExistingOnboarding,
  type FileUploadTicket,
  type IdentityOcrImageData,
  type IdentityScore,
  type IdentitySession,
  type IdentityStatusResult,
  type IdentityVerificationCreated,
  type IdentityVerifyResult,
  type StoredFile,
} from '@kiosk/shared-types';
import { DEMO_IDENTITY } from '../demo-facility.js';
import { licenceSvg, notFoundPage, onboardingPage, selfieSvg, svgDataUrl } from '../identity-content.js';
import { IDENTITY_PAGES, licenceScan, SUBMIT_ANSWERS, type IdentitySessionRecord } from '../identity-state.js';
import { fail, isTruthy, ok, operatorPath, stringFields, type SandboxRouteOptions } from '../respond.js';
import { SandboxError } from '../sandbox-error.js';
import type { SandboxState } from '../state.js';
import { Type } from 'typebox';

/**
 * Identity verification (rental spec §4, §7 "Identity and documents"): dossiers, the identity
 * provider's session calls, verification requests, file uploads and earlier verifications.
 * `identityPages` serves what lives outside the operator API: the phone-side onboarding page,
 * the multipart upload target, uploaded files, and the /__sandbox/identity control routes.
 * See docs/sandbox.md "Identity".
 */

function headerOf(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  const first = Array.isArray(value) ? value[0] : value;
  return first === undefined || first === '' ? undefined : first;
}

/** A form field that carries JSON (nested objects in forms are JSON-encoded); bad JSON is a 400. */
function jsonField(value: string | undefined, field: string): unknown {
  if (value === undefined || value === '') return undefined;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    throw new SandboxError(400, 'ValidationError', `${field} must be JSON.`, { [field]: ['Must be JSON.'] });
  }
}

function sessionFor(state: SandboxState, request: FastifyRequest, interviewId: string | undefined) {
  const session = state.identity.sessionForToken(headerOf(request, IDENTITY_TOKEN_HEADER));
  if (interviewId !== undefined && interviewId !== session.interview_id) {
    throw new SandboxError(404, 'InterviewNotFound', `No session "${interviewId}" for this token.`);
  }
  return session;
}

function demoLicenceFor(_session: IdentitySessionRecord) {
  return DEMO_IDENTITY.licence;
}

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

  // -- IDENTITY-PROVIDER SESSION CALLS ------------------------------------------------------------

  app.get(
    operatorPath('generateIdentitySession'),
    { schema: { params: stringFields(['facility'], ['facility']), querystring: stringFields(['liveData']) } },
    async (request) => {
      state.facility(request.params.facility);
      const session = identity.createSession(request.params.facility);
      const result: IdentitySession = {
        url: IDENTITY_PAGES.onboard(session.interview_id),
        interview_id: session.interview_id,
        clientId: session.client_id,
        token: session.token,
      };
      return ok(result);
    },
  );

  app.get(
    operatorPath('existingOnboardingUrl'),
    {
      schema: { params: stringFields(['facility'], ['facility']), querystring: stringFields(['clientId', 'liveData']) },
    },
    async (request) => {
      const session = sessionFor(state, request, undefined);
      if (request.query.clientId && request.query.clientId !== session.client_id) {
        return fail({ code: 'UnknownClient', message: `No onboarding for client "${request.query.clientId}".` });
      }
      if (session.status === 'ONBOARDING_FINISHED') {
        return fail({ code: 'OnboardingFinished', message: 'This onboarding is already finished.' });
      }
      const result: ExistingOnboarding = {
        url: IDENTITY_PAGES.onboard(session.interview_id),
        interview_id: session.interview_id,
      };
      return ok(result);
    },
  );

  app.get(
    operatorPath('identityStatus'),
    { schema: { params: stringFields(['facility'], ['facility']), querystring: stringFields(['id'], ['id']) } },
    async (request) => {
      const session = sessionFor(state, request, request.query.id);
      const result: IdentityStatusResult = { onboardingStatus: session.status };
      return ok(result);
    },
  );

  app.get(
    operatorPath('identityScore'),
    {
      schema: {
        params: stringFields(['facility'], ['facility']),
        querystring: stringFields(['interview_id'], ['interview_id']),
      },
    },
    async (request) => {
      const session = sessionFor(state, request, request.query.interview_id);
      if (session.status !== 'ONBOARDING_FINISHED' || session.outcome === null) {
        return fail({ code: 'OnboardingNotFinished', message: 'The onboarding is not finished yet.' });
      }
      const passed = session.outcome === 'pass';
      const result: IdentityScore = {
        overall: {
          value: passed ? DEMO_IDENTITY.scores.pass : DEMO_IDENTITY.scores.fail,
          status: passed ? 'OK' : 'FAIL',
        },
      };
      return ok(result);
    },
  );

  app.get(
    operatorPath('identityOcr'),
    {
      schema: {
        params: stringFields(['facility'], ['facility']),
        querystring: stringFields(['interview_id'], ['interview_id']),
      },
    },
    async (request) => {
      const session = sessionFor(state, request, request.query.interview_id);
      if (session.status !== 'ONBOARDING_FINISHED') {
        return fail({ code: 'OnboardingNotFinished', message: 'The onboarding is not finished yet.' });
      }
      const licence = demoLicenceFor(session);
      const result: IdentityOcrImageData = {
        ocr: licenceScan(licence),
        images: { croppedFrontID: svgDataUrl(licenceSvg(licence)), selfie: svgDataUrl(selfieSvg(licence)) },
      };
      return ok(result);
    },
  );

  // -- FILES --------------------------------------------------------------------------------------

  app.post(
    operatorPath('createFile'),
    {
      schema: {
        params: stringFields(['owner'], ['owner']),
        body: stringFields(
          ['content_type', 'file_name', 'file_type', 'facility_id', 'attributes'],
          ['content_type', 'file_name', 'file_type'],
        ),
      },
    },
    async (request) => {
      const body = request.body;
      const record = identity.createFile({
        owner_id: request.params.owner,
        facility_id: body.facility_id ?? '',
        content_type: body.content_type!,
        file_name: body.file_name!,
        file_type: body.file_type!,
        attributes: jsonField(body.attributes, 'attributes') ?? null,
      });
      const result: FileUploadTicket = {
        file_id: record.file_id,
        upload_url: IDENTITY_PAGES.upload(record.file_id),
        upload_fields: { key: `${record.owner_id}/${record.file_id}/${record.file_name}`, signature: record.signature },
      };
      return ok(result);
    },
  );

  app.get(
    operatorPath('getFile'),
    { schema: { params: stringFields(['owner', 'fileId'], ['owner', 'fileId']) } },
    async (request) => {
      const record = identity.file(request.params.fileId);
      if (!record || record.owner_id !== request.params.owner) {
        return fail({ code: 'FileNotFound', message: `No file "${request.params.fileId}".` });
      }
      const result: StoredFile = {
        file_id: record.file_id,
        file_name: record.file_name,
        content_type: record.content_type,
        uploaded: record.data !== null,
        download_url: IDENTITY_PAGES.download(record.file_id),
      };
      return ok(result);
    },
  );
};

export default identityRoutes;

// -- MULTIPART --------------------------------------------------------------------------------------

export interface MultipartPart {
  name: string;
  filename: string | null;
  contentType: string | null;
  data: Buffer;
}

/** A small multipart/form-data reader (the sandbox has no multipart plugin, and needs little). */
export function parseMultipart(body: Buffer, contentType: string): MultipartPart[] {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType);
  const marker = boundary?.[1] ?? boundary?.[2];
  if (!marker) throw new SandboxError(400, 'ValidationError', 'The multipart boundary is missing.');
  const delimiter = Buffer.from(`--${marker}`);
  const parts: MultipartPart[] = [];
  let start = body.indexOf(delimiter);
  while (start >= 0) {
    const next = body.indexOf(delimiter, start + delimiter.length);
    if (next < 0) break;
    // Each part sits between "--boundary\r\n" and "\r\n--boundary".
    const chunk = body.subarray(start + delimiter.length + 2, next - 2);
    const headerEnd = chunk.indexOf('\r\n\r\n');
    if (headerEnd >= 0) {
      const headers = chunk.subarray(0, headerEnd).toString('utf8');
      const disposition = /content-disposition:[^\r\n]*/i.exec(headers)?.[0] ?? '';
      const name = /\bname="([^"]*)"/i.exec(disposition)?.[1];
      if (name !== undefined) {
        parts.push({
          name,
          filename: /\bfilename="([^"]*)"/i.exec(disposition)?.[1] ?? null,
          contentType: /content-type:\s*([^\r\n]+)/i.exec(headers)?.[1]?.trim() ?? null,
          data: Buffer.from(chunk.subarray(headerEnd + 4)),
        });
      }
    }
    start = next;
  }
  return parts;
}

// -- PAGES AND CONTROL ------------------------------------------------------------------------------

const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/** The upload target is called from the kiosk's page (another origin), like a storage bucket. */
function allowAnyOrigin(reply: FastifyReply): FastifyReply {
  return reply
    .header('access-control-allow-origin', '*')
    .header('access-control-allow-methods', 'POST, OPTIONS')
    .header('access-control-allow-headers', 'content-type');
}

function html(reply: FastifyReply, body: string, code = 200) {
  return reply
    .code(code)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(body);
}

export const identityPages: FastifyPluginAsyncTypebox<SandboxRouteOptions> = async (app, { state }) => {
  const { identity } = state;

  app.addContentTypeParser(
    'multipart/form-data',
    { parseAs: 'buffer', bodyLimit: MAX_UPLOAD_BYTES },
    (_request, body, done) => done(null, body),
  );

  // The phone side: opened from the text, finished with one of two buttons.
  const interviewParams = { params: stringFields(['interviewId'], ['interviewId']) };
  const fileParams = { params: stringFields(['fileId'], ['fileId']) };

  app.get('/pages/identity/onboard/:interviewId', { schema: interviewParams }, async (request, reply) => {
    const session = identity.session(request.params.interviewId);
    if (!session) return html(reply, notFoundPage(), 404);
    identity.markOpened(session.interview_id);
    return html(
      reply,
      onboardingPage({
        facilityName: state.facility(session.facility_id).data.settings.name,
        interviewId: session.interview_id,
        finished: session.status === 'ONBOARDING_FINISHED',
      }),
    );
  });

  app.post(
    '/pages/identity/onboard/:interviewId/complete',
    // The page's form: a missing or unknown outcome passes, so the schema leaves the body as it is.
    { schema: { ...interviewParams, body: Type.Unsafe<{ outcome?: string } | undefined>({}) } },
    async (request, reply) => {
      const outcome = request.body?.outcome === 'fail' ? 'fail' : 'pass';
      const session = identity.completeOnboarding(request.params.interviewId, outcome);
      if (!session) return html(reply, notFoundPage(), 404);
      return html(
        reply,
        onboardingPage({
          facilityName: state.facility(session.facility_id).data.settings.name,
          interviewId: session.interview_id,
          finished: true,
        }),
      );
    },
  );

  app.options('/pages/identity/uploads/:fileId', async (_request, reply) => allowAnyOrigin(reply).code(204).send());

  // The body is the raw multipart upload (the buffer parser above), read by parseMultipart.
  app.post(
    '/pages/identity/uploads/:fileId',
    { schema: { ...fileParams, body: Type.Unsafe<Buffer>({}) } },
    async (request, reply) => {
      allowAnyOrigin(reply);
      const record = identity.file(request.params.fileId);
      if (!record) return reply.code(404).send({ message: 'No such upload.' });
      if (identity.uploadsFail) return reply.code(503).send({ message: 'Uploads are switched off (sandbox control).' });
      const contentType = headerOf(request, 'content-type') ?? '';
      if (!Buffer.isBuffer(request.body) || !contentType.startsWith('multipart/form-data')) {
        return reply.code(400).send({ message: 'Expected a multipart/form-data body.' });
      }
      const parts = parseMultipart(request.body, contentType);
      const signature = parts.find((part) => part.name === 'signature')?.data.toString('utf8');
      if (signature !== record.signature)
        return reply.code(403).send({ message: 'The upload signature does not match.' });
      const file = parts.find((part) => part.name === 'file');
      if (!file || file.data.length === 0) return reply.code(400).send({ message: 'The file part is missing.' });
      record.data = file.data;
      if (file.contentType) record.content_type = file.contentType;
      return reply.code(204).send();
    },
  );

  app.get('/pages/identity/files/:fileId', { schema: fileParams }, async (request, reply) => {
    const record = identity.file(request.params.fileId);
    if (!record?.data) return reply.code(404).send({ message: 'No such file.' });
    return reply.header('content-type', record.content_type).header('cache-control', 'no-store').send(record.data);
  });

  // Licence fronts of earlier verifications (owner items).
  app.get(
    '/pages/identity/licences/:email',
    { schema: { params: stringFields(['email'], ['email']) } },
    async (request, reply) => {
      const email = request.params.email.replace(/\.svg$/, '').toLowerCase();
      const owner = DEMO_IDENTITY.verified_owners.find((candidate) => candidate.email === email);
      if (!owner) return reply.code(404).send({ message: 'No such licence.' });
      return reply.header('content-type', 'image/svg+xml').send(licenceSvg(owner.licence));
    },
  );

  // -- control (tests and the demo) --
  app.get('/__sandbox/identity', async () => ({
    sessions: [...identity.sessions.values()].map(({ token: _token, ...session }) => session),
    dossiers: [...identity.dossiers.values()],
    verifications: [...identity.idvs.values()],
    files: [...identity.files.values()].map(({ data, signature: _signature, ...file }) => ({
      ...file,
      uploaded_bytes: data?.length ?? 0,
    })),
    uploads_fail: identity.uploadsFail,
  }));

  app.post(
    '/__sandbox/identity/sessions/:interviewId/complete',
    {
      schema: {
        ...interviewParams,
        body: Type.Object({ outcome: Type.Enum(['pass', 'fail'], { type: 'string' }) }),
      },
    },
    async (request) => {
      const session = identity.completeOnboarding(request.params.interviewId, request.body.outcome);
      if (!session) throw new SandboxError(404, 'InterviewNotFound', `No session "${request.params.interviewId}".`);
      return { interview_id: session.interview_id, status: session.status, outcome: session.outcome };
    },
  );

  // What the verification call answers from now on (until reset): 'received', 'sent' or 'failed'.
  app.post(
    '/__sandbox/identity/verifications',
    { schema: { body: Type.Object({ answer: Type.Enum(SUBMIT_ANSWERS, { type: 'string' }) }) } },
    async (request) => {
      identity.verifyAnswer = request.body.answer;
      return { answer: identity.verifyAnswer };
    },
  );

  // The service gets ('received') or refuses ('failed') every submitted verification still 'sent'.
  app.post(
    '/__sandbox/identity/verifications/settle',
    { schema: { body: Type.Object({ state: Type.Enum(['received', 'failed'], { type: 'string' }) }) } },
    async (request) => ({
      settled: identity.settle(request.body.state).map(({ idvId, dossierId, state }) => ({ idvId, dossierId, state })),
    }),
  );

  app.post(
    '/__sandbox/identity/uploads',
    { schema: { body: Type.Object({ fail: Type.Boolean() }) } },
    async (request) => {
      identity.uploadsFail = request.body.fail;
      return { uploads_fail: identity.uploadsFail };
    },
  );
};
