export const RECONNECT_BASE_MS = 500;
export const RECONNECT_CAP_MS = 10_000;

/**
 * Delay before reconnect attempt `attempt` (0-based): doubling from 0.5 s up to a 10 s cap, then
 * "equal jitter" (half fixed, half random) so kiosks restarted together do not reconnect in step.
 */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(RECONNECT_CAP_MS, RECONNECT_BASE_MS * 2 ** Math.max(0, attempt));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}
