// @vitest-environment happy-dom
// The build's first paint of a signed-in start (first-paint.tsx, docs/architecture.md "Loading:
// the first paint of a signed-in start"): which pages get one, and what it holds.
import { describe, expect, it } from 'vitest';
import { paths, type RouteEntry } from '@/lib/routes';
import { firstPaintFrame, firstPaintPages } from './first-paint';

describe('firstPaintPages', () => {
  const pages = firstPaintPages();

  it('offers the pages whose heading is the same for everyone who may open them', () => {
    expect(pages['/properties']).toEqual([paths.properties.title, paths.properties.description]);
    expect(pages['/settings']).toEqual([paths.settings.title, paths.settings.description]);
  });

  it('leaves out pages with a parameter, a role or key to pass, or two titles', () => {
    const entries: RouteEntry[] = Object.values(paths);
    for (const path of Object.keys(pages)) {
      const entry = entries.find((r) => r.path === path)!;
      expect(['user', 'staff'], path).toContain(entry.access);
      expect(entry.permission ?? entry.permissions ?? entry.titleWithout, path).toBeUndefined();
    }
    expect(Object.keys(pages).some((p) => p.includes(':'))).toBe(false);
    // The housekeeper's "My route" and the manager's board share a path; the admin pages need a role.
    expect(pages[paths.housekeeping.path]).toBeUndefined();
    expect(pages[paths.adminUsers.path]).toBeUndefined();
    expect(pages[paths.auth.path]).toBeUndefined();
  });
});

describe('firstPaintFrame', () => {
  const frame = new DOMParser().parseFromString(firstPaintFrame(), 'text/html').body;

  it('is the frame with a heading for boot.js to fill in', () => {
    expect(frame.querySelector('header [data-slot="sidebar-trigger"]')).not.toBeNull();
    expect(frame.querySelector('h1')?.textContent).toBe('title');
    expect(frame.querySelector('h1 + p')?.textContent).toBe('description');
    // boot.js collapses the sidebar by this attribute when its cookie says so.
    expect(frame.querySelector('[data-slot="sidebar"][data-collapsible]')).not.toBeNull();
  });

  it('holds nothing of a user and nothing that acts or takes an id', () => {
    expect(frame.querySelector('nav')).toBeNull();
    expect(frame.querySelector('[id], [name], form, input')).toBeNull();
    expect(frame.querySelectorAll('a')).toHaveLength(1);
  });
});
