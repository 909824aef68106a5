import { AREA, isRole } from '@atk/contract';
import { Button, Result } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import { PageSpinner } from '../components/PageSpinner.tsx';
import { type AreaName, loginPath, tokenStore, useSession } from '../session/index.ts';

/** An unknown role: sign out (revoke + clear) and go to /login (docs/architecture.md "One console area per role"). */
function SignOutUnknownRole() {
  const { signOut } = useSession();
  useEffect(() => {
    void signOut();
  }, [signOut]);
  return <PageSpinner />;
}

/**
 * The route guard (docs/architecture.md "One console area per role"): unauthenticated → /login?redirect=…; each role enters only its own area and
 * is sent to its own home from any other; an unknown role is signed out.
 */
export function RequireArea({ area, children }: { area: AreaName; children: ReactNode }) {
  const { token, user, userError, userLoading, reloadUser } = useSession();
  const location = useLocation();

  if (!token) {
    // after the user's own sign-out go to plain /login; otherwise come back here after signing in
    const to = tokenStore.wasSignedOut() ? '/login' : loginPath(location.pathname + location.search);
    return <Navigate to={to} replace />;
  }
  if (!user) {
    if (userLoading || !userError) return <PageSpinner />;
    return (
      <Result
        status="warning"
        title={userError.message}
        extra={
          <Button type="primary" onClick={reloadUser}>
            Retry
          </Button>
        }
      />
    );
  }
  if (!isRole(user.role)) return <SignOutUnknownRole />;
  const own = AREA[user.role];
  if (own.prefix !== `/${area}`) return <Navigate to={own.home} replace />;
  return children;
}
