import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { DEMO_IDENTITY } from '../demo-facility.js';
import { licenceSvg, notFoundPage, onboardingPage } from '../identity-content.js';
import { SUBMIT_ANSWERS } from '../identity-state.js';
import { parseMultipart } from '../multipart.js';
import { headerOf, stringFields, type SandboxRouteOptions } from '../respond.js';
import { SandboxError } from '../sandbox-error.js';

/**
 * What the identity area serves outside the operator API: the phone-side onboarding page, the
 * multipart upload target and the uploaded files, the licence fronts of earlier verifications,
 * and the /__sandbox/identity control routes. See docs/sandbox.md "Identity".
 */

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
