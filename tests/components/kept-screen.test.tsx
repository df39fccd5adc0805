// The kept screen (docs/architecture.md "Loading: the kept screen"): once the server's page of the
// villa list has been drawn, a copy of the screen is kept for this user, for src/boot.js to
// paint on the next start; the copy takes no ids from the app, holds a screen's worth of rows,
// and is forgotten when the user signs out. Real router, providers, supabase-js and the
// in-process backend.
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { KEPT_SCREEN_KEY, screenCopy } from '@/lib/kept-screen';
import { getSupabase } from '@/lib/supabase-client';
import { renderRoute } from './render-route';

interface Kept {
  user: string;
  screens: Record<string, { wide: boolean; css: string; html: string; at: number }>;
}

const kept = (): Kept | null =>
  JSON.parse(localStorage.getItem(KEPT_SCREEN_KEY) ?? 'null') as Kept | null;

afterEach(() => {
  cleanup();
  localStorage.removeItem(KEPT_SCREEN_KEY);
});

it('keeps the drawn villa list for its user, and forgets it at sign-out', async () => {
  localStorage.removeItem(KEPT_SCREEN_KEY);
  const { container } = await renderRoute('/properties?sort=name', 'manager');
  // The app renders into #root (index.html); the copy is taken from there.
  container.id = 'root';
  const table = await screen.findByRole('table', { name: 'Properties' }, { timeout: 20_000 });
  await waitFor(() => expect(kept()?.screens['/properties?sort=name']).toBeDefined(), {
    timeout: 10_000,
  });
  // Read once kept: the list is drawn a few rows at a time (property-list.tsx).
  const names = within(table)
    .getAllByRole('link')
    .map((a) => a.textContent);
  expect(names.length).toBeGreaterThan(1);
  const supabase = await getSupabase();
  const { data } = await supabase.auth.getUser();
  const copy = kept()!;
  expect(copy.user).toBe(data.user!.id);
  const shot = copy.screens['/properties?sort=name']!;
  // happy-dom's window is 1024 px wide: the desktop layout.
  expect(shot.wide).toBe(true);

  const painted = document.createElement('div');
  painted.innerHTML = shot.html;
  const rows = painted.querySelectorAll('[data-kept-rows] table[aria-label="Properties"] tbody tr');
  // The rows as drawn when the copy was taken (the list draws a few rows at a time, so the table
  // may hold more by now), at most a screen's worth: the first rows of the list, in its order.
  const keptNames = [...rows].map((r) => r.querySelector('a')?.textContent);
  expect(keptNames.length).toBeGreaterThan(1);
  expect(keptNames.length).toBeLessThanOrEqual(15);
  expect(keptNames).toEqual(names.slice(0, keptNames.length));
  expect(painted.querySelector('h1')?.textContent).toBe('Properties');
  // Nothing in the copy takes an id of the app's own tree, or points at one.
  expect(painted.querySelectorAll('[id], [for], [aria-labelledby], [aria-controls]')).toHaveLength(
    0,
  );

  // Signed out (here or in another tab): the copy goes with the rest of the user's device data.
  await supabase.auth.signOut({ scope: 'local' });
  await waitFor(() => expect(localStorage.getItem(KEPT_SCREEN_KEY)).toBeNull());
});

it('copies a screen without its ids, references, moments, toasts and extra rows', () => {
  const root = document.createElement('div');
  root.innerHTML = `
    <label for="q">Search</label><input id="q" name="q" aria-describedby="hint" />
    <p id="hint">Type a name</p>
    <div data-not-kept role="status">You're offline</div>
    <section aria-label="Notifications"><ol data-sonner-toaster><li>Saved</li></ol></section>
    <div data-kept-rows=""><ul aria-label="Properties">${Array.from(
      { length: 20 },
      (_, i) => `<li><a href="/properties/${i}" aria-controls="menu-${i}">Villa ${i}</a></li>`,
    ).join('')}</ul></div>`;
  const copy = document.createElement('div');
  copy.innerHTML = screenCopy(root);

  expect(copy.querySelectorAll('li')).toHaveLength(15);
  expect(copy.querySelector('li a')?.getAttribute('href')).toBe('/properties/0');
  expect(copy.textContent).not.toContain("You're offline");
  expect(copy.textContent).not.toContain('Saved');
  expect(copy.textContent).toContain('Type a name');
  expect(
    copy.querySelectorAll('[id], [for], [name], [aria-describedby], [aria-controls]'),
  ).toHaveLength(0);
  // The app's own tree is left as it was.
  expect(root.querySelectorAll('ul li')).toHaveLength(20);
  expect(root.querySelector('#q')).not.toBeNull();
});

it('keeps text as text: a villa named like markup is not markup when the copy is painted', () => {
  // What boot.js paints is the serialised DOM React drew: text is escaped, so a name typed as
  // markup by a user comes back as the same text, never as an element or a handler.
  const root = document.createElement('div');
  const name = document.createElement('a');
  name.textContent = '<img src=x onerror="alert(1)"> Villa "Sea" & Sun';
  name.setAttribute('title', '"><script>alert(1)</script>');
  root.append(name);
  const painted = document.createElement('div');
  painted.innerHTML = screenCopy(root);

  expect(painted.querySelector('img, script')).toBeNull();
  expect(painted.querySelector('a')?.textContent).toBe(name.textContent);
  expect(painted.querySelector('a')?.getAttribute('title')).toBe('"><script>alert(1)</script>');
});
