/**
 * The kiosk's display settings, set for the screen's mounting by whoever installs it (daemon
 * configuration) and served to the UI at DAEMON_ENDPOINTS.displaySettings.
 */
export interface DisplaySettings {
  /**
   * How much of the screen's height, from its bottom edge, a seated visitor (a wheelchair user)
   * reaches, in percent. "Move controls down" keeps every control inside it. ADA 2010 §308 puts
   * the forward reach at 15 to 48 in above the floor; on a tall screen that is its lower part.
   */
  reach_zone_percent: number;
}

/** KIOSK_REACH_ZONE_PERCENT: default and bounds (below 30 % no screen's controls fit). */
export const REACH_ZONE_PERCENT = { default: 60, min: 30, max: 100 } as const;
