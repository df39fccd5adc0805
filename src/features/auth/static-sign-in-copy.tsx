// index.html's static copy of the sign-in screen (docs/architecture.md "Loading: the first
// paint"), drawn at build time from the screen's own components (vite.config.ts staticSignIn):
// src/boot.js shows it for a signed-out visitor of /auth before any script has loaded, and
// React's first render replaces it. Nothing in it is sent or acts: no input has a name, no button
// submits (aria-disabled) until React has replaced it; what was typed into its fields and the
// focus are carried over (static-sign-in.ts). Its demo accounts are shown by boot.js's classes
// (index.html's style).
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { SIGN_IN_ID } from '@/lib/startup-contract';
import { AuthShell } from './components/auth-shell';
import { AuthCard } from './components/auth-ui';
import { DemoAccounts } from './components/demo-accounts';
import { SignInView } from './components/sign-in-view';

/**
 * As auth-route.tsx draws the sign-in screen, with nothing live: no field state (no names), no
 * form to submit (its button is a plain button), no handlers; every button says it does nothing
 * yet (aria-disabled).
 */
export function staticSignInCopy(): string {
  const html = renderToStaticMarkup(
    <MemoryRouter>
      <AuthShell id={SIGN_IN_ID}>
        <AuthCard>
          <SignInView demo={<DemoAccounts onPick={() => {}} />} />
        </AuthCard>
      </AuthShell>
    </MemoryRouter>,
  );
  return html.replaceAll('<button ', '<button aria-disabled="true" ');
}
