import { makeAutoObservable } from 'mobx';
import type { RootStore } from './RootStore';

export interface UserSession {
  userToken: string;
  email: string;
}

/**
 * The visitor's account: the user session (token, email, logged-in flag; shell spec §3) now,
 * and later login, one-time code, register, forgot password and link a rental (shell spec §2,
 * §4 "Access flows"), filled by the account engineer.
 */
export class AccountStore {
  userToken: string | null = null;
  email: string | null = null;
  loggedIn = false;

  constructor(readonly root: RootStore) {
    makeAutoObservable(this, { root: false }, { autoBind: true });
  }

  /** A login (email/password or one-time code) succeeded. */
  setUserSession(session: UserSession): void {
    this.userToken = session.userToken;
    this.email = session.email;
    this.loggedIn = true;
  }

  /** Clears the token, e-mail and login flag (shell spec §4 "Logout"). */
  logout(): void {
    this.userToken = null;
    this.email = null;
    this.loggedIn = false;
  }

  reset(): void {
    this.logout();
  }
}
