import type { FacilitySettings } from '@kiosk/shared-types';
import * as yup from 'yup';
import { optionalString, requiredString } from '../../../forms/common';
import { MESSAGES } from '../../../forms/messages';

/** The vehicle type that reveals a free-text description. */
export const OTHER_VEHICLE_TYPE = 'other';

export interface VehicleContext {
  /**
   * 'Are you storing vehicle?*' is shown (the facility enables vehicle storing). When it is not
   * shown the section is there for a parking unit with parking type fields on, and the type
   * select shows straight away. See docs/flow.md.
   */
  storeVehicleAsked: boolean;
}

export function vehicleContext(settings: Pick<FacilitySettings, 'enable_storing_vehicle'>): VehicleContext {
  return { storeVehicleAsked: settings.enable_storing_vehicle };
}

/** Whether the vehicle type select is shown for these answers. */
export function vehicleTypeShown(values: { store_vehicle?: boolean | null }, ctx: VehicleContext): boolean {
  return !ctx.storeVehicleAsked || values.store_vehicle === true;
}

/**
 * Vehicle storage (rental §5): store_vehicle required (when asked), storing_vehicle_type required
 * when shown, other_vehicle_describe required when the type is 'other'.
 */
export function vehicleSchema(ctx: VehicleContext) {
  return yup.object({
    store_vehicle: ctx.storeVehicleAsked ? yup.boolean().required(MESSAGES.required) : yup.boolean().default(true),
    storing_vehicle_type: optionalString().when('store_vehicle', {
      is: (storing: boolean | undefined) => vehicleTypeShown({ store_vehicle: storing }, ctx),
      then: () => requiredString(),
    }),
    other_vehicle_describe: optionalString().when(['store_vehicle', 'storing_vehicle_type'], {
      is: (storing: boolean | undefined, type: string) =>
        vehicleTypeShown({ store_vehicle: storing }, ctx) && type === OTHER_VEHICLE_TYPE,
      then: () => requiredString(),
    }),
  });
}
export type VehicleValues = yup.InferType<ReturnType<typeof vehicleSchema>>;
