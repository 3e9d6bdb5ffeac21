import { mkdir, open, readFile, rename } from 'node:fs/promises';
import { join } from 'node:path';
import fp from 'fastify-plugin';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type, type Static } from 'typebox';
import { DAEMON_ENDPOINTS, type KioskFacility } from '@kiosk/shared-types';
import type { Assert, Same } from '../route-schema.js';

/**
 * What the kiosk knows of its own facility when the operator cannot be reached: the name and
 * phone of the last facility settings the operator gave, kept in KIOSK_STATE_DIR so they survive
 * a restart or a power cut (the facility's router often boots after the kiosk PC). The
 * out-of-service screen shows them ("Please see the Facility Manager", and the number to call).
 *
 * Fed by every successful facility-settings answer for the kiosk's own facility that passes
 * through the daemon: its preload for the first paint and the page's own call through the proxy.
 * Only the facility's id, name and phone are kept, never the rest of the settings and nothing a
 * visitor typed. Written atomically (a temporary file, fsync, rename, fsync of the directory), and
 * only when they changed, so a power cut leaves the old file or the new one, never half of one.
 */

export const FACILITY_STATE_FILE = 'facility.json';

export interface FacilityStateService {
  /** The facility as last known (name and phone null until the operator has answered once). */
  current(): KioskFacility;
  /** A facility-settings result for `facilityId` (any shape): kept when it is the kiosk's own. */
  remember(facilityId: string, settings: unknown): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    facilityState: FacilityStateService;
  }
}

const KioskFacilityBody = Type.Object({
  facility_id: Type.String(),
  name: Type.Union([Type.String(), Type.Null()]),
  phone: Type.Union([Type.String(), Type.Null()]),
});
type _BodyIsShared = Assert<Same<Static<typeof KioskFacilityBody>, KioskFacility>>;

/** A short one-line text, or null: an operator value shown on screen. */
function shortText(value: unknown, max: number): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.replace(/\s+/g, ' ').trim();
  return trimmed === '' ? null : trimmed.slice(0, max);
}

/** The facility-settings result inside an operator answer (wrapped or not), else the value itself. */
export function settingsResult(body: unknown): unknown {
  const data = (body as { application_data?: { status?: unknown; result?: unknown } } | null)?.application_data;
  if (data === undefined) return body;
  return data.status === 'ok' ? data.result : null;
}

/** Write `text` to `path` so that a crash leaves either the old file or the new one. */
async function writeAtomically(path: string, dir: string, text: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  const temporary = `${path}.${process.pid}.tmp`;
  const file = await open(temporary, 'w', 0o644);
  try {
    await file.writeFile(text, 'utf8');
    await file.sync();
  } finally {
    await file.close();
  }
  await rename(temporary, path);
  const directory = await open(dir, 'r');
  try {
    await directory.sync();
  } finally {
    await directory.close();
  }
}

export default fp(
  async (app) => {
    const { facilityId, stateDir } = app.config;
    const log = app.log.child({ component: 'facility-state' });
    const path = join(stateDir, FACILITY_STATE_FILE);
    let known: KioskFacility = { facility_id: facilityId, name: null, phone: null };

    try {
      const saved = JSON.parse(await readFile(path, 'utf8')) as Partial<KioskFacility> | null;
      // Another facility's number (a PC moved to another site) would send visitors to the wrong place.
      if (saved?.facility_id === facilityId)
        known = { facility_id: facilityId, name: shortText(saved.name, 120), phone: shortText(saved.phone, 40) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
        log.warn({ reason: (error as Error).message }, 'saved facility settings not readable: starting without them');
    }

    let writing: Promise<void> = Promise.resolve();

    const remember: FacilityStateService['remember'] = (id, settings) => {
      if (id !== facilityId || typeof settings !== 'object' || settings === null) return writing;
      const { name, phone } = settings as { name?: unknown; phone?: unknown };
      const next: KioskFacility = {
        facility_id: facilityId,
        name: shortText(name, 120) ?? known.name,
        phone: shortText(phone, 40) ?? known.phone,
      };
      if (next.name === known.name && next.phone === known.phone) return writing;
      known = next;
      // One write at a time, in order: the last settings win on disk as in memory.
      writing = writing
        .then(() => writeAtomically(path, stateDir, `${JSON.stringify(next)}\n`))
        .catch((error: unknown) => {
          log.warn({ reason: (error as Error).message }, 'facility settings not saved (kept in memory)');
        });
      return writing;
    };

    app.decorate<FacilityStateService>('facilityState', { current: () => known, remember });

    app
      .withTypeProvider<TypeBoxTypeProvider>()
      .get(DAEMON_ENDPOINTS.kioskFacility, { schema: { response: { 200: KioskFacilityBody } } }, async () => known);

    app.addHook('onClose', async () => {
      await writing;
    });
  },
  { name: 'facility-state', fastify: '5.x', dependencies: ['error-handler'] },
);
