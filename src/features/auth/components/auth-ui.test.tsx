// @vitest-environment happy-dom
// The /auth screen's classes (auth-ui.build.ts, worked out at build time) are those shadcn/ui's
// components give it, and index.html's static copy of the screen (painted before any script:
// static-sign-in-copy.tsx, put into index.html by the build) is React's screen with what
// src/boot.js, index.html's style and static-sign-in.ts find it by: its id, its section and the
// button after its form, no names, the fields in the same order. e2e/auth-first-paint.spec.ts compares the two as drawn.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { SIGN_IN_ID } from '@/lib/startup-contract';
import { cn } from '@/lib/utils';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../demo-accounts';
import { staticSignInCopy } from '../static-sign-in-copy';
import { authButtonClasses, authCardClasses, authInputClasses } from './auth-ui.build';
import { AuthShell } from './auth-shell';
import { AuthCard } from './auth-ui';
import { DemoAccounts } from './demo-accounts';
import { SignInView } from './sign-in-view';
import type { AuthFormField } from './use-auth-form';

const classOf = (html: string) => /class="([^"]*)"/.exec(html)?.[1]?.replaceAll('&amp;', '&');
const parse = (html: string) => new DOMParser().parseFromString(html, 'text/html').body;

describe('the /auth screen without cn()', () => {
  it('has the classes of the shared Button, Input and Card', () => {
    expect(authButtonClasses.default).toBe(cn(buttonVariants({ className: 'w-full' })));
    expect(authButtonClasses.link).toBe(
      cn(buttonVariants({ variant: 'link', className: 'w-full' })),
    );
    expect(authButtonClasses.outlineSmall).toBe(
      cn(buttonVariants({ variant: 'outline', size: 'sm', className: 'w-full' })),
    );
    expect(classOf(renderToStaticMarkup(<Input />))).toBe(authInputClasses);
    expect(classOf(renderToStaticMarkup(<Card />))).toBe(authCardClasses.card);
    expect(classOf(renderToStaticMarkup(<CardHeader className="text-center" />))).toBe(
      authCardClasses.header,
    );
    expect(classOf(renderToStaticMarkup(<CardTitle />))).toBe(authCardClasses.title);
    expect(classOf(renderToStaticMarkup(<CardDescription />))).toBe(authCardClasses.description);
    expect(classOf(renderToStaticMarkup(<CardContent />))).toBe(authCardClasses.content);
  });
});

describe("index.html's static copy of the sign-in screen", () => {
  const html = staticSignInCopy();
  const copy = parse(html);

  it('is put into index.html by the build, not written there', () => {
    const source = readFileSync(path.join(process.cwd(), 'index.html'), 'utf8');
    expect(source).toContain('<!-- static-sign-in -->');
    expect(source).not.toMatch(/<main|<form/);
  });

  it("says what the sign-in screen says, with the shared components' classes", () => {
    const text = html
      .replace(/<[^>]+>/g, ' ')
      .replaceAll('&#x27;', "'")
      .replace(/\s+/g, ' ')
      .trim();
    for (const s of [
      'Arivia Ops',
      'Arivia Ops Console',
      'Sign In with your credentials.',
      'Email',
      'Password',
      'Forgot password?',
      'Sign In',
      "Don't have an account? Sign up",
      'Demo accounts',
      `Local backend with demo data: password ${DEMO_PASSWORD} .`,
    ])
      expect(text).toContain(s);
    for (const a of DEMO_ACCOUNTS)
      expect(html).toContain(`aria-label="Use the ${a.role} demo account (${a.email})"`);
    const classes = [...copy.querySelectorAll('[class]')].map((e) => e.getAttribute('class'));
    for (const c of [
      authButtonClasses.default,
      authButtonClasses.link,
      authButtonClasses.outlineSmall,
      authInputClasses,
      ...Object.values(authCardClasses),
    ])
      expect(classes).toContain(c);
  });

  it('is found as boot.js, the style and static-sign-in.ts find it, and sends nothing', () => {
    expect(copy.firstElementChild?.id).toBe(SIGN_IN_ID);
    expect(copy.firstElementChild?.tagName).toBe('MAIN');
    // static-sign-in.ts takes the fields over in this order.
    const inputs = [...copy.querySelectorAll(`#${SIGN_IN_ID} input`)] as HTMLInputElement[];
    expect(inputs.map((i) => [i.type, i.autocomplete])).toEqual([
      ['email', 'email'],
      ['password', 'current-password'],
    ]);
    for (const i of inputs) expect(copy.querySelector(`label[for="${i.id}"]`)).not.toBeNull();
    // index.html's style shows the demo accounts and sets the switch's margin by these.
    expect(copy.querySelectorAll(`#${SIGN_IN_ID} section`)).toHaveLength(1);
    expect(copy.querySelector(`#${SIGN_IN_ID} section`)?.textContent).toContain('Demo accounts');
    expect(copy.querySelector(`#${SIGN_IN_ID} form + button`)?.textContent).toBe(
      "Don't have an account? Sign up",
    );
    // Nothing it holds is sent or acts before React has replaced it.
    expect(html).not.toMatch(/\sname=|type="submit"|\saction=/);
    for (const b of copy.querySelectorAll('button'))
      expect(b.getAttribute('aria-disabled')).toBe('true');
  });

  it("is React's sign-in screen but for those ids and what makes it live", () => {
    const field = (name: string): AuthFormField => ({
      name,
      value: '',
      onChange: () => {},
      ref: () => {},
      error: undefined,
    });
    const react = parse(
      renderToStaticMarkup(
        <MemoryRouter>
          <AuthShell>
            <AuthCard>
              <SignInView
                form={{ onSubmit: () => {} }}
                field={field}
                onSwitchMode={() => {}}
                demo={<DemoAccounts onPick={() => {}} />}
              />
            </AuthCard>
          </AuthShell>
        </MemoryRouter>,
      ),
    );
    // The fields in the same order, named as the form sends them.
    expect([...react.querySelectorAll('input')].map((i) => [i.name, i.type])).toEqual([
      ['email', 'email'],
      ['password', 'password'],
    ]);
    expect(react.querySelector('button[type="submit"]')?.textContent).toBe('Sign In');
    // The rest alike: ids (each render's own), names, values, the buttons' types and state aside.
    const bare = (root: HTMLElement) => {
      const c = root.cloneNode(true) as HTMLElement;
      c.firstElementChild?.removeAttribute('id');
      for (const e of c.querySelectorAll('*'))
        for (const a of ['id', 'for', 'aria-describedby', 'aria-labelledby', 'name', 'value'])
          e.removeAttribute(a);
      for (const b of c.querySelectorAll('button')) {
        b.removeAttribute('type');
        b.removeAttribute('aria-disabled');
      }
      return c.innerHTML;
    };
    expect(bare(copy)).toBe(bare(react));
  });
});
