import { maskLogLine, masksEveryLine } from './secrets.js';

/**
 * The daemon's last log lines, kept in memory for the support bundle (GET /support/bundle), so
 * support staff can read what happened without a shell on the kiosk PC. Each line is masked as it
 * comes in (maskLogLine: the one rule for fields, card numbers, e-mails), also when the logger it
 * came from masked nothing (a test's own).
 */
export class LogRing {
  private readonly lines: string[] = [];
  private next = 0;

  constructor(readonly capacity = 500) {}

  /** Keep a line, masked unless the logger that wrote it masks every line already. */
  push(line: string, alreadyMasked = false): void {
    const whole = line.endsWith('\n') ? line.slice(0, -1) : line;
    const masked = alreadyMasked ? whole : maskLogLine(whole);
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
  const masked = masksEveryLine(previous);
  return {
    ...logger,
    hooks: {
      ...options.hooks,
      streamWrite(line: string): string {
        const written = previous === undefined ? line : previous(line);
        ring.push(written, masked);
        return written;
      },
    },
  } as T;
}
