import { isServerEvent, type ServerEvent } from '@kiosk/shared-types';

/**
 * A message of the event socket read as the UI reads it (isServerEvent): a test that collects the
 * daemon's events with this fails on any event the kiosk page would drop.
 */
export function readServerEvent(data: Buffer | string): ServerEvent {
  const value: unknown = JSON.parse(data.toString());
  if (!isServerEvent(value)) throw new Error(`the kiosk page would drop this event: ${data.toString()}`);
  return value;
}
