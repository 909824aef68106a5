import { LABEL } from '@atk/contract';
import { Link } from 'react-router';
import { useSession } from '../session/index.ts';
import { Logo } from './Logo.tsx';

/**
 * The visitor header of the public pages: logo and SIGN IN, or ADMIN once the user's email is known; both
 * lead to /client/products, where the guard sends each role to its own area (docs/architecture.md "One console area per role").
 * A visitor is also offered SIGN UP (/signup).
 */
export function PublicHeader({ dark = false }: { dark?: boolean }) {
  const { user } = useSession();
  return (
    <header className={`public-header${dark ? ' public-header--dark' : ''}`}>
      <Link to="/home" className="public-header__logo" aria-label="ATK Player home">
        <Logo height={40} inverted={dark} />
      </Link>
      <nav className="public-header__nav" aria-label="Account">
        {!user && (
          <Link to="/signup" className="link-button" data-testid="header-signup">
            {LABEL.signUp}
          </Link>
        )}
        <Link to="/client/products" className="link-button link-button--ghost" data-testid="header-account">
          {user?.email ? LABEL.admin : LABEL.signIn}
        </Link>
      </nav>
    </header>
  );
}
