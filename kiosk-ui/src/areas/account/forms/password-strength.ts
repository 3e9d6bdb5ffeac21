import type zxcvbnType from 'zxcvbn';
import type { PasswordScore } from './account';

/**
 * The password strength check for Create an account (shell spec §5): zxcvbn is large, so it is
 * loaded only when this screen shows (never with the first screen), once.
 */
type Zxcvbn = typeof zxcvbnType;

let checker: Promise<Zxcvbn> | null = null;

function loadChecker(): Promise<Zxcvbn> {
  checker ??= import('zxcvbn').then((module) => module.default);
  // A failed download may succeed on the next try.
  checker.catch(() => (checker = null));
  return checker;
}

/** Start downloading the checker while the visitor types. */
export function preloadStrengthChecker(): void {
  void loadChecker().catch(() => undefined);
}

export async function scorePassword(password: string): Promise<PasswordScore> {
  const zxcvbn = await loadChecker();
  const result = zxcvbn(password);
  return { score: result.score, suggestions: result.feedback.suggestions };
}
