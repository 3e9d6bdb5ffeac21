import { describe, expect, it } from 'vitest';
import { errorsOf } from '../../../forms/test-utils';
import { vehicleContext, vehicleSchema, vehicleTypeShown } from './vehicle';

const asked = vehicleSchema({ storeVehicleAsked: true });
const notAsked = vehicleSchema({ storeVehicleAsked: false });

describe('vehicle schema', () => {
  it("requires 'Are you storing vehicle?' when it is asked", async () => {
    expect(await errorsOf(asked, {})).toEqual({ store_vehicle: 'This field is required' });
  });

  it('asks nothing more when not storing', async () => {
    expect(await errorsOf(asked, { store_vehicle: false })).toEqual({});
  });

  it('requires the vehicle type when storing', async () => {
    expect(await errorsOf(asked, { store_vehicle: true })).toEqual({ storing_vehicle_type: 'This field is required' });
    expect(await errorsOf(asked, { store_vehicle: true, storing_vehicle_type: 'boat' })).toEqual({});
  });

  it("requires a description for the type 'other'", async () => {
    expect(await errorsOf(asked, { store_vehicle: true, storing_vehicle_type: 'other' })).toEqual({
      other_vehicle_describe: 'This field is required',
    });
    expect(
      await errorsOf(asked, { store_vehicle: true, storing_vehicle_type: 'other', other_vehicle_describe: 'Tractor' }),
    ).toEqual({});
  });

  it('shows and requires the type straight away when the question is not asked (parking units)', async () => {
    expect(vehicleTypeShown({}, { storeVehicleAsked: false })).toBe(true);
    expect(await errorsOf(notAsked, {})).toEqual({ storing_vehicle_type: 'This field is required' });
    expect(await errorsOf(notAsked, { storing_vehicle_type: 'rv' })).toEqual({});
  });

  it('asks the question when the facility enables vehicle storing', () => {
    expect(vehicleContext({ enable_storing_vehicle: true })).toEqual({ storeVehicleAsked: true });
    expect(vehicleContext({ enable_storing_vehicle: false })).toEqual({ storeVehicleAsked: false });
  });
});
