import type { ReactNode } from 'react';
import { SignedOutOnly } from './signed-out-only';

/** The frame every signed-out account page shares: the guard, a titled section, then the page's own content. */
export function AuthPageFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <SignedOutOnly>
      <section className="page" aria-labelledby="page-title">
        <h1 id="page-title">{title}</h1>
        {children}
      </section>
    </SignedOutOnly>
  );
}
