import { isRole, MSG, type UserInfo } from '@atk/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { type ReactNode, useCallback, useLayoutEffect, useMemo, useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router';
import { type ApiError, configureApiClient, isApiError } from '../api/client.ts';
import { userKeys, usersApi } from '../session/api.ts';
import { type Session, SessionContext } from '../session/context.ts';
import { areaOfRole, isProtectedPath, loginPath } from '../session/paths.ts';
import { tokenStore } from '../session/tokenStore.ts';
import { prefetchLanding, preloadArea } from './preload.ts';

let authFailureHandler: (mode: 'signout' | 'quiet') => void = () => {};

configureApiClient({
  getToken: tokenStore.get,
  onAuthFailure: (mode) => authFailureHandler(mode),
});

export function SessionProvider({ children }: { children: ReactNode }) {
  const token = useSyncExternalStore(tokenStore.subscribe, tokenStore.get);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { message } = App.useApp();

  const info = useQuery<UserInfo, ApiError>({
    queryKey: userKeys.info(token),
    queryFn: ({ signal }) =>
      usersApi.info({ signal, onAuthError: isProtectedPath(window.location.pathname) ? 'signout' : 'quiet' }),
    enabled: token !== null,
    staleTime: 5 * 60_000,
  });

  const clearSession = useCallback(
    (reason: 'expired' | 'signout' = 'expired') => {
      tokenStore.clear(reason);
      queryClient.removeQueries();
    },
    [queryClient],
  );

  useLayoutEffect(() => {
    authFailureHandler = (mode) => {
      if (tokenStore.get() === null) return; // already handled by a concurrent call
      clearSession();
      if (mode === 'quiet') return;
      message.error(MSG.authExpired);
      const here = window.location.pathname + window.location.search;
      if (window.location.pathname !== '/login') navigate(loginPath(here), { replace: true });
    };
  }, [clearSession, message, navigate]);

  const startSession = useCallback(
    (next: string, user?: UserInfo) => {
      if (user) queryClient.setQueryData(userKeys.info(next), user);
      if (user && isRole(user.role)) preloadArea(areaOfRole(user.role));
      tokenStore.set(next);
      // After the token is set: the list is asked with it.
      if (user && isRole(user.role)) prefetchLanding(areaOfRole(user.role), queryClient);
    },
    [queryClient],
  );

  const setUser = useCallback(
    (user: UserInfo) => queryClient.setQueryData(userKeys.info(tokenStore.get()), user),
    [queryClient],
  );

  /**
   * Revokes the token, then leaves. A failed call (network, server error) rejects and keeps the session, so the
   * user sees the error and can try again (docs/architecture.md "Console layers", Signing out); a token the server no longer knows signs out anyway.
   */
  const signOut = useCallback(async () => {
    try {
      await usersApi.logout();
    } catch (e) {
      if (!(isApiError(e) && e.handled)) throw e;
    }
    clearSession('signout');
    navigate('/login', { replace: true });
  }, [clearSession, navigate]);

  const { refetch } = info;
  const user = token ? info.data : undefined;
  const value = useMemo<Session>(
    () => ({
      token,
      user,
      role: user && isRole(user.role) ? user.role : undefined,
      userLoading: token !== null && info.isPending,
      userError: token ? info.error : null,
      reloadUser: () => void refetch(),
      startSession,
      setUser,
      clearSession,
      signOut,
    }),
    [token, user, info.isPending, info.error, refetch, startSession, setUser, clearSession, signOut],
  );

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
