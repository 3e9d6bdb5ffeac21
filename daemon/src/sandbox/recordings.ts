import { maskSecrets, maskUrlForLog } from '@kiosk/shared-types';
import { SANDBOX_SETTINGS } from './demo-facility.js';

/**
 * What the sandbox saw and "sent", kept for tests and the demo to read back through the
 * /__sandbox/ control routes: every operator call (never the api key), the logging app's entries
 * and its down switch, and the text messages and notification mails it sent nowhere. Lives in
 * SandboxState.recordings and is emptied by its reset().
 */

/**
 * One operator call as the sandbox saw it (never the api key itself), masked as any log is: a
 * phone or an e-mail in its path, user tokens, gate codes and e-mails in its query.
 */
export interface RequestRecord {
  at: string;
  method: string;
  /** Path without the query string, e.g. /api/v1/facilities/demo/configuration/ */
  path: string;
  query: Record<string, unknown>;
  trace_id: string | null;
  date: string | null;
  has_api_key: boolean;
}

const LOG_ENTRY_LIMIT = 10_000;

/** A text message the sandbox "sent" (identity link, one-time code, gate code): GET /__sandbox/texts. */
export interface TextRecord {
  at: string;
  /** The phone as the call gave it. */
  to: string;
  body: string;
  /** What sent it, e.g. 'identity-verification', 'otp'. */
  kind: string;
}

/** A notification mail the sandbox "sent" (payment, autopay, rental, reservation, reset link): GET /__sandbox/mails. */
export interface MailRecord {
  at: string;
  /** What it is about, e.g. 'payment', 'autopay', 'reset-password', 'rental'. */
  kind: string;
  /** The call's path parameters (owner, facility, tenant, space type) and, for a reset link, the e-mail. */
  to: Record<string, string>;
  /** The body as the kiosk sent it (form fields; JSON values parsed). */
  data: unknown;
}

export class SandboxRecordings {
  requests: RequestRecord[] = [];
  logEntries: unknown[] = [];
  /** When true the logging app answers 503 (tests of the daemon's spooling). */
  loggingDown = false;
  texts: TextRecord[] = [];
  mails: MailRecord[] = [];

  constructor(private readonly now: () => number) {}

  reset(): void {
    this.requests = [];
    this.logEntries = [];
    this.loggingDown = false;
    this.texts = [];
    this.mails = [];
  }

  private stamp(): string {
    return new Date(this.now()).toISOString();
  }

  recordRequest(record: Omit<RequestRecord, 'at'>): void {
    this.requests.push({
      at: this.stamp(),
      ...record,
      path: maskUrlForLog(record.path),
      query: maskSecrets(record.query),
    });
    const excess = this.requests.length - SANDBOX_SETTINGS.request_log_limit;
    if (excess > 0) this.requests.splice(0, excess);
  }

  /** The last `limit` calls, oldest first. */
  recentRequests(limit: number): RequestRecord[] {
    return this.requests.slice(-Math.max(0, limit));
  }

  recordLogEntries(entries: unknown[]): void {
    this.logEntries.push(...entries);
    const excess = this.logEntries.length - LOG_ENTRY_LIMIT;
    if (excess > 0) this.logEntries.splice(0, excess);
  }

  /** Record a text message instead of sending it. */
  recordText(text: Omit<TextRecord, 'at'>): TextRecord {
    const record = { at: this.stamp(), ...text };
    this.texts.push(record);
    return record;
  }

  /** Record a notification mail instead of sending it. */
  recordMail(mail: Omit<MailRecord, 'at'>): MailRecord {
    const record = { at: this.stamp(), ...mail };
    this.mails.push(record);
    return record;
  }
}
