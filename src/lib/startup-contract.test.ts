// The start-up contract (docs/architecture.md "Loading: the start-up contract"): what src/boot.js
// and the generated shadcn sidebar write out is the contract's, not a copy of its own.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  KEPT_SCREEN_KEY,
  MOBILE_BREAKPOINT,
  SIDEBAR_COOKIE,
  SIDEBAR_PRESSES_ATTR,
  SIDEBAR_SHORTCUT,
  THEME_KEY,
  WIDE_QUERY,
  sessionKey,
} from './startup-contract';

const source = (file: string) => readFileSync(path.join(process.cwd(), file), 'utf8');

describe('the start-up contract', () => {
  it('names the keys, the cookie and the breakpoint', () => {
    expect(sessionKey('arivia-ops')).toBe('sb-arivia-ops-auth-token');
    expect(KEPT_SCREEN_KEY).toBe('arivia-ops-kept-screen');
    expect(THEME_KEY).toBe('theme');
    expect(SIDEBAR_COOKIE).toBe('sidebar:state');
    expect(WIDE_QUERY).toBe(`(min-width: ${MOBILE_BREAKPOINT}px)`);
  });

  it('is what the shadcn sidebar writes its cookie under and toggles on', () => {
    const sidebar = source('src/components/ui/sidebar.tsx');
    expect(sidebar).toContain(`SIDEBAR_COOKIE_NAME = "${SIDEBAR_COOKIE}"`);
    // boot.js counts the same key pressed before the sidebar listens (issue 27).
    expect(sidebar).toContain(`SIDEBAR_KEYBOARD_SHORTCUT = "${SIDEBAR_SHORTCUT}"`);
    expect(sidebar).toMatch(/event\.metaKey \|\| event\.ctrlKey/);
  });

  it('is where boot.js takes its keys, cookie, breakpoint and ids from', () => {
    const boot = source('src/boot.js').replace(/^\s*\/\/.*$/gm, '');
    expect(boot).toMatch(/from '\.\/lib\/startup-contract'/);
    for (const own of [
      KEPT_SCREEN_KEY,
      SIDEBAR_COOKIE,
      String(MOBILE_BREAKPOINT),
      'auth-token',
      'boot-signin',
      'boot-kept',
      'boot-first-paint',
      SIDEBAR_PRESSES_ATTR,
      "'theme'",
    ])
      expect(boot, own).not.toContain(own);
  });
});
