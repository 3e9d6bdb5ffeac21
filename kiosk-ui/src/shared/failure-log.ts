import type { ApiClient } from '../api/client';

/** Reports a failed call to the daemon's log, for one product area. */
export type LogFailure = (action: string, detail: unknown) => void;

/**
 * A failure the visitor does not see (the flow goes on, or shows its own message) still reaches
 * the support log: `{area} {action} failed`, at warn level, with the section the visitor was on.
 * Logging never fails the flow: a log that cannot be sent is dropped.
 */
export function failureLogger(api: Pick<ApiClient, 'postLog'>, area: string, section: () => string): LogFailure {
  return (action, detail) => {
    const message = detail instanceof Error ? detail.message : detail;
    api
      .postLog({
        event_name: `${area} ${action} failed`,
        action,
        active_section: section(),
        log_level: 'warn',
        data: { detail: message as unknown },
      })
      .catch(() => undefined);
  };
}
