/**
 * At most `limit` calls of one route in flight at once; the next ones wait here, in order, until
 * one leaves or their deadline fires. Calls of a route whose operator endpoint hangs then wait in
 * that route's own line instead of taking every pooled connection, so unrelated calls still get
 * one at once (docs/api-paths.md, "Timeouts and queueing").
 */
export class RouteGate {
  private active = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(readonly limit: number) {}

  /** True when the call may go now; else a promise of true (its turn came) or false (deadline). */
  enter(deadline: AbortSignal): true | Promise<boolean> {
    if (this.active < this.limit) {
      this.active += 1;
      return true;
    }
    return new Promise((resolve) => {
      const turn = (): void => {
        deadline.removeEventListener('abort', giveUp);
        resolve(true);
      };
      const giveUp = (): void => {
        const at = this.waiting.indexOf(turn);
        if (at !== -1) this.waiting.splice(at, 1);
        resolve(false);
      };
      this.waiting.push(turn);
      deadline.addEventListener('abort', giveUp, { once: true });
    });
  }

  /** A call that entered is done: the first waiting call, if any, takes its place. */
  leave(): void {
    const next = this.waiting.shift();
    if (next === undefined) this.active -= 1;
    else next();
  }

  get inFlight(): number {
    return this.active;
  }

  get queued(): number {
    return this.waiting.length;
  }
}
