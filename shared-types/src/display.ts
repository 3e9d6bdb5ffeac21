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

/**
 * The kiosk's own facility as the daemon last knew it, served at DAEMON_ENDPOINTS.kioskFacility:
 * its id (where the kiosk's home is, even from a page whose address names none) and the name and
 * phone from the last facility settings the operator gave, kept on disk across restarts, so the
 * out-of-service screen can say whom to call while the operator cannot be reached. Nothing else
 * of the settings, and nothing about any visitor.
 */
export interface KioskFacility {
  facility_id: string;
  /** null until the operator's facility settings have been fetched once. */
  name: string | null;
  phone: string | null;
}
