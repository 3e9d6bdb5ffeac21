import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type {
  FacilityMedia,
  MediaItem,
  OwnerCity,
  PhoneValidation,
  SizeGuideEntry,
  SpaceDetail,
  UnitAvailability,
  ZipcodeLookup,
} from '@kiosk/shared-types';
import { PHONE_RULES, SIZE_GUIDE, ZIP_CODES } from '../demo-facility.js';
import { fail, isTruthy, ok, operatorPath, stringFields, type SandboxRouteOptions } from '../respond.js';
import { SandboxError } from '../sandbox-error.js';
import type { SandboxState } from '../state.js';
import { facilitySettingsView, groupedUnitsView, promoView, spaceView, unitPromos } from '../views.js';
import { Type } from 'typebox';

/**
 * Facility data: everything the welcome, detail page, size guide, sidebar documents and map read.
 * Unknown facility ids answer 404 (SandboxError from state.facility()).
 */

const facilityParams = stringFields(['facility'], ['facility']);
const spaceParams = stringFields(['facility', 'doorId'], ['facility', 'doorId']);
const spaceDetailParams = stringFields(['facility', 'spaceId'], ['facility', 'spaceId']);

/** Valid: 10 digits after an optional country code 1; area code not starting 0/1; line number not 0000. */
export function isValidPhone(raw: string): boolean {
  let digits = raw.replace(/\D/g, '');
  if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
  if (digits.length !== 10) return false;
  if ((PHONE_RULES.invalidAreaCodeFirstDigits as readonly string[]).includes(digits[0] ?? '')) return false;
  return !(PHONE_RULES.invalidLineNumbers as readonly string[]).includes(digits.slice(6));
}

/** unit_ids arrives as a JSON list ('["a","b"]'); a comma list or repeated parameter is accepted too. */
export function parseIdList(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  if (typeof value !== 'string' || value.trim() === '') return [];
  try {
    const parsed: unknown = JSON.parse(value);
    if (Array.isArray(parsed)) return parsed.map(String);
    return [String(parsed)];
  } catch {
    return value
      .split(',')
      .map((id) => id.trim())
      .filter(Boolean);
  }
}

function sizeGuide(state: SandboxState, facilityId: string): SizeGuideEntry[] {
  const { units } = state.facility(facilityId).data;
  return SIZE_GUIDE.map((copy) => ({
    ...copy,
    video_url: `/assets/video/size-guide-${copy.size.replace('_', '-')}.webm`,
    poster_url: `/assets/posters/size-guide-${copy.size.replace('_', '-')}.svg`,
    quantity_available_to_rent: units
      .filter((unit) => unit.size === copy.size)
      .reduce((sum, unit) => sum + state.availableCount(facilityId, unit.unit_id), 0),
  }));
}

function ownerCities(state: SandboxState, ownerId: string): OwnerCity[] {
  const cities = new Map<string, OwnerCity>();
  for (const id of state.facilityIds()) {
    const { data } = state.facility(id);
    if (data.owner_id !== ownerId || !data.listed_in_owner_cities) continue;
    const key = `${data.settings.city}, ${data.settings.state}`;
    const city = cities.get(key) ?? { city: data.settings.city, state: data.settings.state, facilities: [] };
    city.facilities.push({
      facility_id: data.facility_id,
      name: data.settings.name,
      address: data.settings.address_exact,
      phone: data.settings.phone,
    });
    cities.set(key, city);
  }
  return [...cities.values()];
}

const facilityRoutes: FastifyPluginAsyncTypebox<SandboxRouteOptions> = async (app, { state }) => {
  app.get(operatorPath('configuration'), { schema: { params: facilityParams } }, async (request) => {
    const { data } = state.facility(request.params.facility);
    if (!data.configuration) {
      return fail({ code: 'KioskNotConfigured', message: 'The kiosk is not configured for this facility.' });
    }
    return ok(data.configuration);
  });

  app.get(
    operatorPath('facility'),
    { schema: { params: facilityParams, querystring: stringFields(['All', 'facility_id']) } },
    async (request) => ok(facilitySettingsView(state, state.facility(request.params.facility))),
  );

  app.get(operatorPath('amenities'), { schema: { params: facilityParams } }, async (request) =>
    ok(state.facility(request.params.facility).data.amenities),
  );

  app.get(
    operatorPath('media'),
    { schema: { params: facilityParams, querystring: stringFields(['enable_size_guide_videos']) } },
    async (request) => {
      const { facility } = request.params;
      const sizeGuideVideos: MediaItem[] = isTruthy(request.query.enable_size_guide_videos)
        ? sizeGuide(state, facility).map((entry) => ({
            type: 'video',
            url: entry.video_url,
            thumbnail_url: entry.poster_url,
            title: entry.title,
          }))
        : [];
      const result: FacilityMedia = { media: state.facility(facility).data.media, size_guide_videos: sizeGuideVideos };
      return ok(result);
    },
  );

  app.get(
    operatorPath('spaceTypes'),
    { schema: { params: facilityParams, querystring: stringFields(['All']) } },
    async (request) => ok(groupedUnitsView(state, state.facility(request.params.facility))),
  );

  app.get(
    operatorPath('sizeGuide'),
    { schema: { params: facilityParams, querystring: stringFields(['all']) } },
    async (request) => ok(sizeGuide(state, request.params.facility)),
  );

  app.get(
    operatorPath('spaces'),
    { schema: { params: facilityParams, querystring: stringFields(['live_data']) } },
    async (request) =>
      ok(state.spaces(request.params.facility).map((space) => spaceView(space, isTruthy(request.query.live_data)))),
  );

  app.get(
    operatorPath('spaceStatus'),
    { schema: { params: spaceParams, querystring: stringFields(['live_data']) } },
    async (request) => {
      const space = state.findSpace(request.params.facility, request.params.doorId);
      if (!space) return fail({ code: 'SpaceNotFound', message: `No space ${request.params.doorId}.` });
      return ok(spaceView(space, true));
    },
  );

  app.get(operatorPath('spaceDetails'), { schema: { params: spaceDetailParams } }, async (request) => {
    const space = state.findSpace(request.params.facility, request.params.spaceId);
    if (!space) return fail({ code: 'SpaceNotFound', message: `No space ${request.params.spaceId}.` });
    const details: SpaceDetail = space.details;
    return ok(details);
  });

  app.get(operatorPath('ownerCities'), { schema: { params: facilityParams } }, async (request) =>
    ok(ownerCities(state, state.facility(request.params.facility).data.owner_id)),
  );

  app.get(
    operatorPath('unitsAvailability'),
    {
      schema: {
        querystring: Type.Object({
          facility_id: Type.String(),
          unit_ids: Type.Optional(Type.Union([Type.String(), Type.Array(Type.String())])),
        }),
      },
    },
    async (request) => {
      const { facility_id } = request.query;
      state.facility(facility_id);
      const result: UnitAvailability[] = parseIdList(request.query.unit_ids).map((unit_id) => ({
        unit_id,
        quantity_available_to_rent: state.unit(facility_id, unit_id) ? state.availableCount(facility_id, unit_id) : 0,
      }));
      return ok(result);
    },
  );

  app.get(
    operatorPath('unitPromo'),
    { schema: { querystring: stringFields(['facility_id', 'unit_id'], ['facility_id', 'unit_id']) } },
    async (request) => {
      const { facility_id, unit_id } = request.query;
      const unit = state.unit(facility_id, unit_id);
      if (!unit) return fail({ code: 'UnitNotFound', message: `No unit ${unit_id}.` });
      return ok(unitPromos(state.facility(facility_id), unit).map(promoView));
    },
  );

  app.get(
    operatorPath('capabilities'),
    { schema: { params: stringFields(['owner', 'facility'], ['owner', 'facility']) } },
    async (request) => {
      const { data } = state.facility(request.params.facility);
      if (data.owner_id !== request.params.owner) {
        throw new SandboxError(
          404,
          'OwnerNotFound',
          `Facility ${data.facility_id} does not belong to owner ${request.params.owner}.`,
        );
      }
      // Unwrapped, like the real call: the UI reads data.capabilities. POST /__sandbox/capabilities
      // can switch pmsNotifications.payment (billing tests of the payment mail).
      const payment = state.accounts.paymentNotifications.get(data.facility_id);
      const capabilities =
        payment === undefined
          ? data.capabilities
          : { ...data.capabilities, pmsNotifications: { ...data.capabilities.pmsNotifications, payment } };
      return { data: { capabilities } };
    },
  );

  app.get(operatorPath('facilityMap'), { schema: { params: facilityParams } }, async (request) =>
    ok(state.facilityMap(request.params.facility)),
  );

  app.get(operatorPath('nonInteractiveAgreements'), { schema: { params: facilityParams } }, async (request) =>
    ok({ agreements: state.facility(request.params.facility).data.documents }),
  );

  app.get(
    operatorPath('zipcode'),
    { schema: { params: facilityParams, querystring: stringFields(['zipcode']) } },
    async (request) => {
      state.facility(request.params.facility);
      const zipcode = (request.query.zipcode ?? '').trim().slice(0, 5);
      const stateCode = ZIP_CODES[zipcode];
      if (!stateCode)
        return fail({ code: 'InvalidZipcode', message: 'Invalid zip code', errors: { zipcode: ['Invalid zip code'] } });
      const result: ZipcodeLookup = { state_code: stateCode };
      return ok(result);
    },
  );

  app.get(
    operatorPath('validatePhone'),
    { schema: { querystring: stringFields(['phone_number', 'country_code']) } },
    async (request) => {
      const countryCode = (request.query.country_code ?? '1').replace(/\D/g, '');
      const data: PhoneValidation = { is_valid: countryCode === '1' && isValidPhone(request.query.phone_number ?? '') };
      // Unwrapped: the UI reads data.data.is_valid on the axios-like response.
      return { data };
    },
  );
};

export default facilityRoutes;
