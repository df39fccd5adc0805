// The /auth screen's written-out classes (auth-ui-classes.ts) are those shadcn/ui's components give
// it, and index.html's static copy of the screen (painted before any script) uses them and says
// what the screen says. e2e/auth-first-paint.spec.ts compares the two as drawn.
import { readFileSync } from 'node:fs';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/utils';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../demo-accounts';
import { authButtonClasses, authCardClasses, authInputClasses } from './auth-ui-classes';

const classOf = (html: string) => /class="([^"]*)"/.exec(html)?.[1]?.replaceAll('&amp;', '&');

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

  it("is copied into index.html, with the sign-in screen's texts", () => {
    const html = readFileSync(new URL('../../../../index.html', import.meta.url), 'utf8');
    const shell = /<main\s+id="boot-signin"[\s\S]*?<\/main>/.exec(html)?.[0] ?? '';
    const text = shell
      .replace(/<[^>]+>/g, ' ')
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
      expect(shell).toContain(`aria-label="Use the ${a.role} demo account (${a.email})"`);
    const classes = [...shell.matchAll(/class="([^"]*)"/g)].map((m) => m[1]);
    for (const c of [
      authButtonClasses.default,
      authButtonClasses.link,
      authButtonClasses.outlineSmall,
      authInputClasses,
      ...Object.values(authCardClasses),
    ])
      expect(classes).toContain(c);
    // Nothing it holds is sent before React has replaced it.
    expect(shell).not.toMatch(/\sname=|type="submit"|\saction=/);
  });
});
