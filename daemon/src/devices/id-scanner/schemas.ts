import { Type, type Static } from 'typebox';
import type { IdScanFields, IdScanRequest } from '@kiosk/shared-types';
import type { Assert, Same } from '../../route-schema.js';

/** POST /device/id/scan: the body the UI sends and the fields it gets back (shared-types/devices.ts). */
export const IdScanRequestSchema = Type.Object(
  { data: Type.String({ minLength: 1, maxLength: 8192 }) },
  { additionalProperties: false },
);
type _RequestIsShared = Assert<Same<Static<typeof IdScanRequestSchema>, IdScanRequest>>;

export const IdScanFieldsSchema = Type.Object({
  first_name: Type.String(),
  middle_name: Type.String(),
  last_name: Type.String(),
  address: Type.String(),
  city: Type.String(),
  state: Type.String(),
  zip: Type.String(),
  date_of_birth: Type.String(),
  licence_number: Type.String(),
  issuing_state: Type.String(),
  expiry: Type.String(),
});
type _FieldsAreShared = Assert<Same<Static<typeof IdScanFieldsSchema>, IdScanFields>>;

/** A scan that was read; one that was not is a 422 with the problem as `reason`. */
export const IdScanReadSchema = Type.Object({ ok: Type.Literal(true), fields: IdScanFieldsSchema });
