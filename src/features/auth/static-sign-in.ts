// index.html paints the sign-in screen before any script has loaded (docs/architecture.md
// "Loading: the first paint"), and React's first render replaces it. Whatever the visitor typed
// into it meanwhile, and the field they were in, is carried over into the form, once.

export type StaticSignInField = 'email' | 'password';

export interface StaticSignIn {
  /** The static inputs: still readable once React has removed them from the page. */
  inputs: Record<StaticSignInField, HTMLInputElement>;
  /** The field that had the focus as React rendered. */
  focused: StaticSignInField | null;
}

let taken = false;

/**
 * The static sign-in screen's inputs, if index.html showed it and no form has taken them yet.
 * Read while React renders, before its commit removes them.
 */
export function staticSignIn(): StaticSignIn | null {
  if (taken || !document.documentElement.classList.contains('boot-signin')) return null;
  const email = document.getElementById('boot-signin-email');
  const password = document.getElementById('boot-signin-password');
  if (!(email instanceof HTMLInputElement) || !(password instanceof HTMLInputElement)) return null;
  const active = document.activeElement;
  return {
    inputs: { email, password },
    focused: active === email ? 'email' : active === password ? 'password' : null,
  };
}

/** Called once the form has taken the values over: a later sign-in form starts empty. */
export function markStaticSignInTaken(): void {
  taken = true;
}
