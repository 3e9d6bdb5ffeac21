/** A UI event sent to the daemon's POST /log (one object or an array of them). */
export interface UiLogEvent {
  /** e.g. 'Navigation next' — the spec's 'Navigation {action}'. */
  event_name: string;
  action: string;
  active_section: string;
  /** Client time, epoch milliseconds. */
  at?: number;
  /**
   * The trace id of the session the event happened in, as the UI knew it then; absent outside a
   * session. The daemon keeps it when it is one of its own recent sessions, so an event sent after
   * its session ended is not filed under the next one.
   */
  session_id?: string;
  log_level?: 'debug' | 'info' | 'warn' | 'error';
  /** The language the visitor was using the kiosk in (they choose it; English by default). */
  language?: 'en' | 'es';
  /** Free-form detail; the rental model goes here, masked by the UI and masked again by the daemon. */
  data?: Record<string, unknown>;
}

/** What the daemon ships to the logging application. */
export interface ShippedLogEntry {
  component: 'kiosk';
  log_level: string;
  /** ISO-8601. */
  timestamp: string;
  event_name: string;
  log: {
    session_id: string | null;
    action: string;
    active_section: string;
    facility_id: string;
    language?: 'en' | 'es';
    /** The kiosk's release stage (KIOSK_RELEASE_STAGE: production, staging, development, test). */
    release_stage?: string;
    data?: Record<string, unknown>;
  };
}

export const LOG_LIMITS = {
  /** Largest POST /log body the daemon accepts. */
  maxBodyBytes: 64 * 1024,
  maxEventsPerPost: 100,
} as const;
