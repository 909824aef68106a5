import { LABEL } from '@atk/contract';
import { Link } from 'react-router';
import { Copyright } from './Copyright.tsx';

/** The footer of the public pages: copyright and the legal links. */
export function PublicFooter({ light = false }: { light?: boolean }) {
  return (
    <footer className={light ? 'public-footer public-footer--light' : 'public-footer'}>
      <Copyright />
      <nav aria-label="Legal" className="public-footer__links">
        <Link to="/privacy">{LABEL.privacyPolicy}</Link>
        <Link to="/terms">{LABEL.termsOfService}</Link>
      </nav>
    </footer>
  );
}
