// index.html paints the sign-in screen before any script has loaded (docs/architecture.md
// "Loading: the first paint"), and React's first render replaces it. Whatever the visitor typed
// into it meanwhile, and the field they were in, is carried over into the form, once.

import { SIGN_IN_CLASS, SIGN_IN_ID } from '@/lib/startup-contract';

export type StaticSignInField = 'email' | 'password';

export interface StaticSignIn {
  /** The static inputs: still readable once React has removed them from the page. */
  inputs: Record<StaticSignInField, HTMLInputElement>;
  /**
   * The field that has the focus, as of now: the visitor may enter one while React renders, and
   * its removal takes the focus with it, so the form gives it back to its own field.
   */
  focused(): StaticSignInField | null;
}

let taken = false;

/**
 * The static sign-in screen's inputs, if index.html showed it and no form has taken them yet.
 * Read while React renders, before its commit removes them.
 */
export function staticSignIn(): StaticSignIn | null {
  if (taken || !document.documentElement.classList.contains(SIGN_IN_CLASS)) return null;
  // Its fields, in the form's order: static-sign-in-copy.tsx draws the form's own components.
  const [email, password] =
    document.getElementById(SIGN_IN_ID)?.getElementsByTagName('input') ?? [];
  if (!password) return null;
  const active = document.activeElement;
  let focused: StaticSignInField | null =
    active === email ? 'email' : active === password ? 'password' : null;
  // The last field entered: its removal with the static screen takes the focus away from it
  // (Chromium blurs it as it goes), and the form gives it back to its own field.
  email.addEventListener('focus', () => (focused = 'email'));
  password.addEventListener('focus', () => (focused = 'password'));
  return { inputs: { email, password }, focused: () => focused };
}

/** Called once the form has taken the values over: a later sign-in form starts empty. */
export function markStaticSignInTaken(): void {
  taken = true;
}
