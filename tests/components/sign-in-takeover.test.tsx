// The sign-in form taking over from index.html's static copy (static-sign-in.ts): what was typed
// there, and the field the visitor was in, even when they entered it while React rendered.
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { SignInForm } from '@/features/auth/components/sign-in-form';

function staticCopy(container: HTMLElement, email = '') {
  container.innerHTML = `<main id="boot-signin"><form aria-label="Sign in (static)">
    <input id="boot-signin-email" value="${email}"><input id="boot-signin-password" type="password">
  </form></main>`;
  return {
    email: container.querySelector<HTMLInputElement>('#boot-signin-email')!,
    password: container.querySelector<HTMLInputElement>('#boot-signin-password')!,
  };
}

/** Rendered after the form, before the commit: as if the visitor acted while React rendered. */
function Meanwhile({ act }: { act: () => void }) {
  act();
  return null;
}

afterEach(() => {
  document.documentElement.classList.remove('boot-signin');
  document.body.replaceChildren();
});

describe('SignInForm over the static sign-in screen', () => {
  it('keeps what was typed and gives the focus back to the field entered while React rendered', () => {
    document.documentElement.classList.add('boot-signin');
    const container = document.createElement('div');
    document.body.append(container);
    const inputs = staticCopy(container, 'maria@');
    let acted = false;
    render(
      <MemoryRouter>
        <SignInForm onSwitchMode={() => undefined} />
        <Meanwhile
          act={() => {
            if (acted) return;
            acted = true;
            inputs.email.value = 'maria@arivia.local';
            inputs.email.focus();
          }}
        />
      </MemoryRouter>,
      { container },
    );
    expect(inputs.email.isConnected).toBe(false);
    const email = screen.getByLabelText('Email');
    expect(email).toHaveProperty('value', 'maria@arivia.local');
    expect(document.activeElement).toBe(email);
  });
});
