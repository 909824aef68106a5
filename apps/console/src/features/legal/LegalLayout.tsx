import type { ReactNode } from 'react';
import { PublicFooter } from '../../components/PublicFooter.tsx';
import { PublicHeader } from '../../components/PublicHeader.tsx';

/** A static legal document with the visitor header. */
export function LegalLayout({ title, updated, children }: { title: string; updated: string; children: ReactNode }) {
  return (
    <div className="legal-page">
      <PublicHeader />
      <main className="legal-doc">
        <h1>{title}</h1>
        <p className="legal-doc__date" data-testid="legal-date">
          Last updated: {updated}
        </p>
        {children}
      </main>
      <PublicFooter light />
    </div>
  );
}
