import { maskCardNumbersInText, maskSecrets } from '@kiosk/shared-types';

/**
 * The daemon's last log lines, kept in memory for the support bundle (GET /support/bundle), so
 * support staff can read what happened without a shell on the kiosk PC. pino has already removed
 * the redacted fields; card numbers are masked again as each line comes in.
 */

/**
 * A line with its card numbers masked, still JSON when it was: a line holding one is masked as
 * parsed JSON (a card number logged as a number becomes a masked string), not as text, which
 * would leave a bare `4111********1111` in it. Most lines hold none and are kept as they are.
 */
export function maskLogLine(line: string): string {
  const masked = maskCardNumbersInText(line);
  if (masked === line) return line;
  try {
    return JSON.stringify(maskSecrets(JSON.parse(line) as unknown));
  } catch {
    return masked;
  }
}
export class LogRing {
  private readonly lines: string[] = [];
  private next = 0;

  constructor(readonly capacity = 500) {}

  push(line: string): void {
    const masked = maskLogLine(line.endsWith('\n') ? line.slice(0, -1) : line);
    if (this.lines.length < this.capacity) this.lines.push(masked);
    else this.lines[this.next] = masked;
    this.next = (this.next + 1) % this.capacity;
  }

  /** Oldest first. */
  snapshot(): string[] {
    return this.lines.length < this.capacity
      ? [...this.lines]
      : [...this.lines.slice(this.next), ...this.lines.slice(0, this.next)];
  }
}

/** Logger options that also keep every written line in `ring` (false stays false: no logger). */
export function withLogRing<T>(logger: T, ring: LogRing): T {
  if (logger === false || logger === undefined || logger === null || typeof logger !== 'object') return logger;
  const options = logger as { hooks?: { streamWrite?: (line: string) => string } };
  const previous = options.hooks?.streamWrite;
  return {
    ...logger,
    hooks: {
      ...options.hooks,
      streamWrite(line: string): string {
        const written = previous === undefined ? line : previous(line);
        ring.push(written);
        return written;
      },
    },
  } as T;
}
