import { isSessionFresh, parseProviderSession, type ProviderSession } from './verification';
import { kioskStorageKey } from '../../../shared/stores/storage';

/** Where the provider session is kept: sessionStorage, wiped with every kiosk key at session end. */
export const PROVIDER_SESSION_KEY = kioskStorageKey('identity-session');

/**
 * The identity provider's session (its token is good for 15 minutes): in memory, and in
 * sessionStorage so that a reload during the phone hand-off reuses it.
 */
export class ProviderSessionKeeper {
  private session: ProviderSession | null = null;

  constructor(private readonly storage: () => Storage | undefined) {}

  /** The kept session while its token is fresh, else null (and a stale one is forgotten). */
  fresh(): ProviderSession | null {
    const now = Date.now();
    if (isSessionFresh(this.session, now)) return this.session;
    const stored = parseProviderSession(this.storage()?.getItem(PROVIDER_SESSION_KEY) ?? null);
    if (isSessionFresh(stored, now)) {
      this.session = stored;
      return stored;
    }
    this.forget();
    return null;
  }

  keep(session: ProviderSession): void {
    this.session = session;
    try {
      this.storage()?.setItem(PROVIDER_SESSION_KEY, JSON.stringify(session));
    } catch {
      // storage full or refused: memory is enough for this visit
    }
  }

  forget(): void {
    this.session = null;
    this.storage()?.removeItem(PROVIDER_SESSION_KEY);
  }
}
