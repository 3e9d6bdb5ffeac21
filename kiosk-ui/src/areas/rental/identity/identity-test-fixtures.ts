/**
 * Fixtures for the identity store tests: the provider's, the files' and the dossier's fake routes
 * (a world whose onboarding status and score a test sets), on rent_this_space of a demo facility.
 */
import type { FacilitySettings } from '@kiosk/shared-types';
import { runInAction } from 'mobx';
import { configureDemoFacility, createTestRoot, wrapped, type FakeRequest, type FakeRoutes } from '../../../test/fakes';

export const FRONT = `data:image/svg+xml;base64,${btoa('<svg>front</svg>')}`;
const SELFIE = `data:image/svg+xml;base64,${btoa('<svg>selfie</svg>')}`;
export const SCAN = {
  name: { firstName: 'Jordan', lastName: 'Avery', fullName: 'Jordan Avery' },
  address: { street: '742 Evergreen Terrace', city: 'Springfield', state: 'IL', postalCode: '62704' },
  state: 'IL',
  number: 'A123-4567-8901',
  issueDate: '2022-03-14',
  expiryDate: '2030-03-14',
  dateOfBirth: '1985-06-02',
};

const storedFile = (id: string) => ({
  file_id: id,
  file_name: `${id}.svg`,
  content_type: 'image/svg+xml',
  uploaded: true,
  download_url: `http://sandbox.test/files/${id}`,
});

interface World {
  status: string;
  score: string;
  sessions: number;
}

function routes(world: World): FakeRoutes {
  let files = 0;
  return {
    'GET /api/facilities/demo/generate-incode-session/': () => {
      world.sessions += 1;
      const id = `iv-${world.sessions}`;
      return {
        body: wrapped({
          url: `http://sandbox.test/pages/identity/onboard/${id}`,
          interview_id: id,
          clientId: 'client',
          token: `tok-${world.sessions}`,
        }),
      };
    },
    'GET /api/facilities/demo/get-existing-onboarding-url/': (request) => ({
      body: wrapped({
        url: 'http://sandbox.test/pages/identity/onboard/iv-1',
        interview_id: 'iv-1',
        token: request.headers['x-identity-token'],
      }),
    }),
    'POST /api/owners/demo-owner/facilities/demo/identity-verification': { body: wrapped({ idvId: 'idv-1' }) },
    'GET /api/facilities/demo/get-status/': { body: wrapped({}) },
    'GET /api/facilities/demo/get-score/': () => ({ body: wrapped({ overall: { value: world.score, status: 'OK' } }) }),
    'GET /api/facilities/demo/get-ocr-image-data/': {
      body: wrapped({ ocr: SCAN, images: { croppedFrontID: FRONT, selfie: SELFIE } }),
    },
    'POST /api/owners/demo-owner/files/': () => {
      files += 1;
      return {
        body: wrapped({
          file_id: `file-${files}`,
          upload_url: `http://sandbox.test/up/${files}`,
          upload_fields: { signature: 's' },
        }),
      };
    },
    'POST /api/owners/demo-owner/facilities/demo/identity-verification/idv-1/verify': {
      body: wrapped({ idvId: 'idv-1', state: 'received' }),
    },
    'PUT /api/dossiers/dossier-1/': { body: wrapped({}) },
    'GET /api/owners/demo-owner/files/file-1/': { body: wrapped(storedFile('file-1')) },
    'GET /api/owners/demo-owner/files/file-2/': { body: wrapped(storedFile('file-2')) },
    'POST /api/owners/demo-owner/facilities/demo/dossiers/': { body: wrapped({ dossier_id: 'dossier-1' }) },
    'POST /log': { status: 204 },
  };
}

export function setup(
  options: { settings?: Partial<FacilitySettings>; world?: Partial<World>; override?: FakeRoutes } = {},
) {
  const world: World = { status: 'UNKNOWN', score: '8.7', sessions: 0, ...options.world };
  const table = routes(world);
  table['GET /api/facilities/demo/get-status/'] = () => ({ body: wrapped({ onboardingStatus: world.status }) });
  Object.assign(table, options.override);
  const test = createTestRoot({ routes: table });
  const { root } = test;
  const uploads: { url: string; body: FormData }[] = [];
  let uploadOk = true;
  root.identity.handoff.upload = async (url, body) => {
    uploads.push({ url, body });
    return { ok: uploadOk, status: uploadOk ? 204 : 503 };
  };
  runInAction(() => {
    configureDemoFacility(root, {
      driver_license_required: false,
      autopay_required: false,
      autopay_always_required: false,
      frontend_conf: { secondary_contact_required: false },
      ...options.settings,
    });
    root.shell.section = 'rent';
    root.rental.goTo('rent_this_space');
  });
  const calls = (method: string, path: string): FakeRequest[] =>
    test.requests.filter((request) => request.method === method && request.path === path);
  return {
    ...test,
    world,
    uploads,
    calls,
    failUploads: () => {
      uploadOk = false;
    },
  };
}
