import { Type, type Static } from 'typebox';
import type { CardReaderHealth, SwipeCancelled, SwipeMoreTime, SwipeStarted } from '@kiosk/shared-types';
import type { Assert, Same } from '../../route-schema.js';
import { DeviceStatusSchema } from '../device.js';
import { SIMULATOR_OUTCOMES } from './simulator.js';

/** The card reader's answers to the UI (shared-types devices.ts) and the demo button's body. */
export const SwipeStartedSchema = Type.Object({ swipeId: Type.String() });
type _SwipeStartedIsShared = Assert<Same<Static<typeof SwipeStartedSchema>, SwipeStarted>>;

export const SwipeCancelledSchema = Type.Object({ cancelled: Type.Boolean() });
type _SwipeCancelledIsShared = Assert<Same<Static<typeof SwipeCancelledSchema>, SwipeCancelled>>;

export const SwipeMoreTimeSchema = Type.Object({ extended: Type.Boolean() });
type _SwipeMoreTimeIsShared = Assert<Same<Static<typeof SwipeMoreTimeSchema>, SwipeMoreTime>>;

export const CardReaderHealthSchema = Type.Object({ status: DeviceStatusSchema });
type _HealthIsShared = Assert<Same<Static<typeof CardReaderHealthSchema>, CardReaderHealth>>;

export const SimulatorOutcomeSchema = Type.Enum(SIMULATOR_OUTCOMES, { type: 'string' });

export const SimulateSwipeSchema = Type.Object(
  {
    outcome: SimulatorOutcomeSchema,
    name: Type.Optional(Type.String({ maxLength: 100, pattern: "^[A-Za-z .'-]*$" })),
  },
  { additionalProperties: false },
);

export const SimulatorAvailableSchema = Type.Object({
  available: Type.Literal(true),
  outcomes: Type.Array(SimulatorOutcomeSchema),
});
