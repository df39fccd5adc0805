// The frame's texts follow the language (docs/i18n.md): the menu's titles, the sync queue's
// plurals and the validation messages switch with it, and English comes back as it was.
import { afterAll, describe, expect, it } from 'vitest';
import { activateLanguage } from '@/lib/i18n/catalog';
import { paths, navGroupLabel } from '@/lib/routes';
import { visibleNav } from '@/lib/navigation';
import { checkEmail } from '@/lib/validation-rules';
import { messages as sync } from './sync/messages';

const housekeeper = {
  signedIn: true,
  roles: ['housekeeper'],
  permissions: ['housekeeping.view', 'housekeeping.complete'],
};

describe('the frame in Greek and Albanian', () => {
  afterAll(() => activateLanguage('en'));

  it('speaks Greek', async () => {
    expect(await activateLanguage('el')).toBe(true);
    expect(paths.home.title).toBe('Πίνακας ελέγχου');
    expect(navGroupLabel('Operations')).toBe('Λειτουργία');
    const titles = visibleNav(housekeeper).flatMap((g) => g.areas.map((a) => a.title));
    expect(titles).toContain('Η διαδρομή μου');
    expect(sync.t('panel.pending', { count: 1 })).toBe('1 σε αναμονή');
    expect(sync.t('button.waiting', { count: 2 })).toBe('2 περιμένουν συγχρονισμό');
    expect(checkEmail('')).toEqual({ ok: false, error: 'Το email είναι υποχρεωτικό' });
    expect(sync.t('signOut.confirm')).toBe("Αποσύνδεση παρ' όλα αυτά");
  });

  it('speaks Albanian', async () => {
    expect(await activateLanguage('sq')).toBe(true);
    expect(paths.housekeeping.titleWithout.title).toBe('Itinerari im');
    expect(sync.t('button.waiting', { count: 1 })).toBe('1 pret sinkronizimin');
    expect(sync.t('button.waiting', { count: 3 })).toBe('3 presin sinkronizimin');
    expect(sync.t('discard.bodyNamed', { label: 'X' })).toMatch(/^„X” do të humbasë/);
  });

  it('comes back to English unchanged', async () => {
    await activateLanguage('en');
    expect(paths.home.title).toBe('Dashboard');
    expect(sync.t('signOut.body', { count: 1 })).toBe(
      '1 change made on this device has not reached the server yet. It stays on this device and is sent the next time this account signs in here.',
    );
    expect(checkEmail('')).toEqual({ ok: false, error: 'Email is required' });
    // An apostrophe is text in ICU unless it quotes a brace.
    expect(sync.t('banner.offline')).toBe(
      "You're offline. Changes will sync when connection is restored.",
    );
  });
});
