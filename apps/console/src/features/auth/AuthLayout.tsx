import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Copyright } from '../../components/Copyright.tsx';
import { Logo } from '../../components/Logo.tsx';

/** The centred card of the sign-in, recovery and reset pages. */
export function AuthLayout({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  return (
    <div className="auth-page">
      <main className="auth-card">
        <Link to="/home" className="auth-card__logo" aria-label="ATK Player home">
          <Logo height={44} />
        </Link>
        <h1 className="auth-card__title">{title}</h1>
        {subtitle && <p className="auth-card__subtitle">{subtitle}</p>}
        {children}
      </main>
      <Copyright className="auth-page__copyright" />
    </div>
  );
}
