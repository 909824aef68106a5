import type { Role, UserInfo } from '@atk/contract';
import { createContext } from 'react';
import type { ApiError } from '../api/client.ts';

export interface Session {
  token: string | null;
  /** The signed-in user's info (GET /users/info), undefined while loading or signed out. */
  user: UserInfo | undefined;
  role: Role | undefined;
  userLoading: boolean;
  userError: ApiError | null;
  reloadUser: () => void;
  /** Store a new session (login, invitation). */
  startSession: (token: string, user?: UserInfo) => void;
  /** Put fresh user info into the session (after a profile save). */
  setUser: (user: UserInfo) => void;
  /** Drop the session locally (no server call). */
  clearSession: (reason?: 'expired' | 'signout') => void;
  /** Revoke the token on the server, clear the session whatever the answer, go to /login. */
  signOut: () => Promise<void>;
}

export const SessionContext = createContext<Session | null>(null);
