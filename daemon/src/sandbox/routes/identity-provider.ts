import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import {
  IDENTITY_TOKEN_HEADER,
  type ExistingOnboarding,
  type IdentityOcrImageData,
  type IdentityScore,
  type IdentitySession,
  type IdentityStatusResult,
} from '@kiosk/shared-types';
import { DEMO_IDENTITY } from '../demo-facility.js';
import { licenceSvg, selfieSvg, svgDataUrl } from '../identity-content.js';
import { IDENTITY_PAGES, licenceScan, type IdentitySessionRecord } from '../identity-state.js';
import { fail, headerOf, ok, operatorPath, stringFields, type SandboxRouteOptions } from '../respond.js';
import { SandboxError } from '../sandbox-error.js';
import type { SandboxState } from '../state.js';

/**
 * The identity provider's session calls (rental spec §4 "Identity verification"): start a session
 * whose link the phone opens, pick up an unfinished one, its status, and once the phone page is
 * done the score and the licence read from the photos. Every call but the first carries the
 * session's token. See docs/sandbox.md "Identity".
 */

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

const identityProviderRoutes: FastifyPluginAsyncTypebox<SandboxRouteOptions> = async (app, { state }) => {
  const { identity } = state;

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
};

export default identityProviderRoutes;
