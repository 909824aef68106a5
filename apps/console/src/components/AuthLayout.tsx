import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Copyright } from './Copyright.tsx';
import { Logo } from './Logo.tsx';

/** The link under the recovery and reset forms. */
export const BACK_TO_SIGN_IN = { to: '/login', label: 'Back to sign in' };

/** A link under the form. */
export interface AuthLink {
  to: string;
  label: string;
}

/** The centred card of the sign-in, sign-up, recovery and reset pages; `alt` is the link (or links) under the form. */
export function AuthLayout({
  title,
  subtitle,
  alt,
  children,
}: {
  title: string;
  subtitle?: string;
  alt?: AuthLink | AuthLink[];
  children: ReactNode;
}) {
  return (
    <div className="auth-page">
      <main className="auth-card">
        <Link to="/home" className="auth-card__logo" aria-label="ATK Player home">
          <Logo height={44} />
        </Link>
        <h1 className="auth-card__title">{title}</h1>
        {subtitle && <p className="auth-card__subtitle">{subtitle}</p>}
        {children}
        {[alt ?? []].flat().map((link) => (
          <p key={link.to} className="auth-card__alt">
            <Link to={link.to}>{link.label}</Link>
          </p>
        ))}
      </main>
      <Copyright className="auth-page__copyright" />
    </div>
  );
}
