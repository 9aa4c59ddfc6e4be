import type { ReactNode } from 'react';
import { SignedOutOnly } from './signed-out-only';

/** The titled section every account page shares. */
export function AuthPageSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title">{title}</h1>
      {children}
    </section>
  );
}

/** The frame every signed-out account page shares: the guard, then the titled section. */
export function AuthPageFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <SignedOutOnly>
      <AuthPageSection title={title}>{children}</AuthPageSection>
    </SignedOutOnly>
  );
}
