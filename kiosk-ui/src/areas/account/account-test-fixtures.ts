/** Fixtures for the account tests: the configuration (owner id), the user's details and logout. */
import { createTestRoot, wrapped, type FakeRequest, type FakeRoutes } from '../../test/fakes';

/** Routes every account test needs: the configuration (owner id) and the user's details. */
export function accountRoutes(overrides: FakeRoutes = {}): FakeRoutes {
  return {
    'GET /api/facilities/demo/configuration/': {
      body: wrapped({ colors: {}, title: 'Demo', owner_id: 'demo-owner', logo: null, mute_audio: true, welcome: {} }),
    },
    'GET /api/facilities/demo/get-user-details/': {
      body: wrapped({ user_id: 'u-1', email: 'tenant@example.com', is_new_user: false, idv_id: 'idv-1' }),
    },
    'POST /api/facilities/demo/logout/': { body: wrapped({ logged_out: true }) },
    ...overrides,
  };
}

export async function setup(overrides: FakeRoutes = {}) {
  const test = createTestRoot({ routes: accountRoutes(overrides) });
  await test.root.config.load('demo');
  return test;
}

export const form = (request: FakeRequest | undefined) => Object.fromEntries(new URLSearchParams(request?.body ?? ''));
