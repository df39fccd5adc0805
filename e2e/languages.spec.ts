// The housekeeper's day in her language (issue 28's proof, docs/i18n.md): a housekeeper whose
// profile says Greek (and one whose profile says Albanian, on a 360 px phone) signs in on a phone
// set to that language, sees her route, runs a whole checklist - its rooms and items in her
// language, as the office wrote them - reports a problem and finishes, with no English word on any
// of those screens but names and data; then she loses the signal, the app starts cold with no
// network and still speaks her language, and the signal comes back. axe runs on every screen with
// <html lang> set. The texts are named by their keys, read from the app's own catalogues.
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './support/axe';
import {
  expectFitsPhone,
  jpeg,
  launchPhone,
  makeFieldClean,
  restoreSignal,
  TURNOVER_CHECKLIST,
} from './support/field';
import { expectNoEnglish, tr } from './support/language';
import { signInAs } from './support/helpers';
import { baseURLOf, createStaff, service } from './support/offline';
import { waitForController } from './support/pwa';

test.setTimeout(240_000);

type Lang = 'el' | 'sq';

// The test's checklist with every room and item in Greek and Albanian.
const WORDS: Record<string, { el: string; sq: string }> = {
  bedroom: { el: 'Υπνοδωμάτιο', sq: 'Dhoma e gjumit' },
  bathroom: { el: 'Μπάνιο', sq: 'Banja' },
  terrace: { el: 'Βεράντα', sq: 'Tarraca' },
  'bed-linen': { el: 'Καθαρά σεντόνια στα κρεβάτια', sq: 'Çarçafë të pastër në shtretër' },
  'bed-photo': { el: 'Φωτογραφία υπνοδωματίου', sq: 'Foto e dhomës së gjumit' },
  'bath-towels': { el: 'Πετσέτες (σετ)', sq: 'Peshqirë (komplete)' },
  'bath-shower': { el: 'Το ντους αδειάζει καλά', sq: 'Dushi kullon mirë' },
  'bath-photo': { el: 'Φωτογραφία μπάνιου', sq: 'Foto e banjës' },
  'ter-pool': { el: 'Νερό πισίνας καθαρό', sq: 'Uji i pishinës i kthjellët' },
  'ter-notes': { el: 'Σημειώσεις για το γραφείο', sq: 'Shënime për zyrën' },
  'ter-photo': { el: 'Φωτογραφία βεράντας', sq: 'Foto e tarracës' },
};
const CHECKLIST = {
  sections: TURNOVER_CHECKLIST.sections.map((s) => ({
    ...s,
    title_i18n: WORDS[s.id],
    items: s.items.map((i) => ({ ...i, label_i18n: WORDS[i.id] })),
  })),
};
const TURNOVER = { el: 'Αλλαγή επισκεπτών', sq: 'Ndërrim mysafirësh' };
const LOCALES = { el: 'el-GR', sq: 'sq-AL' };
const NAMES = { el: 'Ελένη Παπαδάκη', sq: 'Drita Hoxha' };

const hk = (lang: Lang, key: string, values?: Record<string, unknown>) =>
  tr(lang, 'features/housekeeping', key, values);
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function takePhoto(page: Page, lang: Lang, label: string, seed: number) {
  await page.getByLabel(hk(lang, 'item.photoLabel', { item: label })).setInputFiles({
    name: `photo-${seed}.jpg`,
    mimeType: 'image/jpeg',
    buffer: await jpeg(seed),
  });
  await expect(
    page.getByRole('list', { name: hk(lang, 'item.photosOf', { item: label }) }),
  ).toBeVisible();
}

for (const lang of ['el', 'sq'] as const) {
  test(`a housekeeper's day in ${lang === 'el' ? 'Greek' : 'Albanian'}, online, then offline from a cold start`, async ({
    page: managerPage,
  }) => {
    const baseURL = baseURLOf();
    const me = await createStaff(baseURL, 'housekeeper', { fullName: NAMES[lang], language: lang });
    const clean = await makeFieldClean(baseURL, { assignee: me.id, checklist: CHECKLIST });
    const word = (id: string) => WORDS[id]![lang];
    // Names and data, which stay as the office wrote them.
    const data = [
      clean.villa,
      clean.address,
      NAMES[lang],
      me.email,
      'Key safe by the blue gate',
      'Living room as the guests find it',
      'Field Bay, Milos',
      'arivia-demo',
    ];

    let phone = await launchPhone(baseURL, { locale: LOCALES[lang] });
    const dir = phone.dir;
    // Only her language's texts are downloaded (docs/i18n.md "Catalogues").
    const catalogues: string[] = [];
    phone.context.on('request', (r) => {
      if (r.url().includes('/assets/i18n/')) catalogues.push(new URL(r.url()).pathname);
    });
    try {
      // --- Sign in, in the phone's language. --------------------------------------------------
      let page = phone.page;
      await page.goto('/housekeeping');
      await expect(page).toHaveURL(/\/auth$/);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      const signInButton = page.getByRole('button', {
        name: tr(lang, 'features/auth', 'signIn.submit'),
        exact: true,
      });
      await expect(signInButton).toBeVisible();
      await expectNoEnglish(page, lang, data);
      await expectAccessible(page, `sign-in (${lang})`);
      await page.getByLabel(tr(lang, 'features/auth', 'email')).fill(me.email);
      await page.getByLabel(tr(lang, 'features/auth', 'password')).fill(me.password);
      await signInButton.tap();

      // --- Her route. --------------------------------------------------------------------------
      const routeTitle = tr(lang, 'lib', 'route.housekeeping.titleWithout');
      await expect(page.getByRole('heading', { name: routeTitle, level: 1 })).toBeVisible();
      await waitForController(page);
      await page.reload();
      const card = page.getByRole('article', { name: `${clean.villa}, ${TURNOVER[lang]}` });
      await expect(card).toBeVisible({ timeout: 30_000 });
      const ready = hk(lang, 'route.ready', { count: 1, time: '\u0000' }).split('\u0000')[0]!;
      await expect(page.getByText(new RegExp(`^${escape(ready)}`))).toBeVisible({
        timeout: 30_000,
      });
      await expectNoEnglish(page, lang, data);
      await expectAccessible(page, `My route (${lang})`);
      await expectFitsPhone(page);

      // --- The checklist, room by room. --------------------------------------------------------
      await card
        .getByRole('link', {
          name: hk(lang, 'route.actionVilla', { action: 'start', villa: clean.villa }),
        })
        .tap();
      await expect(page.getByRole('heading', { name: clean.villa, level: 1 })).toBeVisible();
      await page.getByRole('button', { name: hk(lang, 'run.start') }).tap();
      await expect(page.getByText(hk(lang, 'toast.started'), { exact: true })).toBeVisible();

      await expect(page.getByRole('heading', { name: word('bedroom'), level: 2 })).toBeVisible();
      await page.getByRole('checkbox', { name: new RegExp(escape(word('bed-linen'))) }).check();
      await takePhoto(page, lang, word('bed-photo'), 1);
      await expectNoEnglish(page, lang, data);
      await expectAccessible(page, `checklist run (${lang})`);
      await expectFitsPhone(page);
      await page.getByRole('button', { name: hk(lang, 'run.nextRoom') }).tap();

      await expect(page.getByRole('heading', { name: word('bathroom'), level: 2 })).toBeVisible();
      const towels = page.getByRole('spinbutton', {
        name: new RegExp(escape(word('bath-towels'))),
      });
      await towels.fill('4');
      await towels.press('Tab');
      await page
        .getByRole('group', { name: new RegExp(escape(word('bath-shower'))) })
        .getByRole('radio', { name: hk(lang, 'item.yes') })
        .tap();
      await takePhoto(page, lang, word('bath-photo'), 2);
      await page.getByRole('button', { name: hk(lang, 'run.nextRoom') }).tap();

      await expect(page.getByRole('heading', { name: word('terrace'), level: 2 })).toBeVisible();
      await page
        .getByRole('group', { name: new RegExp(escape(word('ter-pool'))) })
        .getByRole('radio', { name: hk(lang, 'item.yes') })
        .tap();
      await takePhoto(page, lang, word('ter-photo'), 3);

      // --- A problem, reported from the item. --------------------------------------------------
      const item = page
        .getByRole('listitem')
        .filter({ has: page.getByText(word('ter-photo'), { exact: true }) });
      await item.getByRole('button', { name: hk(lang, 'item.flag') }).tap();
      await item.getByRole('button', { name: hk(lang, 'item.report') }).tap();
      const form = page.getByRole('form', {
        name: hk(lang, 'item.reportName', { item: word('ter-photo') }),
      });
      await expect(form).toBeVisible();
      await expectNoEnglish(page, lang, [...data, `${word('terrace')}: ${word('ter-photo')}`]);
      await expectAccessible(page, `report a problem (${lang})`);
      await form
        .getByLabel(tr(lang, 'domain/work-orders', 'report.whatIsWrong'))
        .fill(
          lang === 'el'
            ? 'Σπασμένο πλακάκι στα σκαλιά της πισίνας.'
            : 'Pllakë e thyer te shkallët e pishinës.',
        );
      await form.getByRole('button', { name: tr(lang, 'domain/work-orders', 'report.send') }).tap();
      await expect(
        page.getByText(tr(lang, 'domain/work-orders', 'report.problemReported'), { exact: true }),
      ).toBeVisible();

      await page.getByRole('button', { name: hk(lang, 'run.finish') }).tap();
      await expect(page.getByText(hk(lang, 'toast.finished'), { exact: true })).toBeVisible();
      await expectNoEnglish(page, lang, [...data, `${word('terrace')}: ${word('ter-photo')}`]);

      expect(catalogues.length).toBeGreaterThan(0);
      for (const url of catalogues) expect(url).toMatch(new RegExp(`/catalog-${lang}-`));

      // The manager reads her answers in his language: the rooms and items in English.
      await signInAs(managerPage, 'manager', `/housekeeping/cleans/${clean.taskId}`);
      await expect(managerPage.getByRole('heading', { name: clean.villa, level: 1 })).toBeVisible();
      await expect(managerPage.getByRole('heading', { name: 'Bedroom', level: 2 })).toBeVisible();
      await expect(managerPage.getByText('Fresh linen on the beds', { exact: true })).toBeVisible();

      // --- No signal: the app starts cold and still speaks her language. -----------------------
      await phone.close(true);
      phone = await launchPhone(baseURL, { dir, offline: true, locale: 'en-US' });
      page = phone.page;
      await page.goto('/housekeeping');
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page.getByRole('heading', { name: routeTitle, level: 1 })).toBeVisible();
      await expect(page.getByText(tr(lang, 'app/sync', 'banner.offline'))).toBeVisible();
      await expect(
        page.getByRole('article', { name: `${clean.villa}, ${TURNOVER[lang]}` }),
      ).toBeVisible();
      await expectNoEnglish(page, lang, data);
      await expectAccessible(page, `My route offline (${lang})`);
      await expectFitsPhone(page);

      // --- The signal comes back. --------------------------------------------------------------
      await restoreSignal(phone.context);
      await expect(page.getByText(tr(lang, 'app/sync', 'banner.offline'))).toBeHidden({
        timeout: 30_000,
      });
      await page.reload();
      await expect(page.getByRole('heading', { name: routeTitle, level: 1 })).toBeVisible();
      await expectNoEnglish(page, lang, data);
    } finally {
      await phone.close();
    }
  });
}

test('switching the language in the profile changes the screen at once and holds over a reload', async ({
  browser,
}) => {
  const baseURL = baseURLOf();
  const me = await createStaff(baseURL, 'manager', { fullName: 'Nikos Language' });
  const context = await browser.newContext({ baseURL, locale: 'en-US', storageState: undefined });
  const catalogues: string[] = [];
  context.on('request', (r) => {
    if (r.url().includes('/assets/i18n/')) catalogues.push(new URL(r.url()).pathname);
  });
  const page = await context.newPage();
  try {
    // A profile with no language follows the browser: English, and no other language downloaded.
    await page.goto('/auth');
    await page.getByLabel('Email').fill(me.email);
    await page.getByLabel('Password').fill(me.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page).not.toHaveURL(/\/auth/);
    await page.goto('/profile');
    await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
    await expect(page.getByLabel('Language')).toHaveValue('');
    expect(catalogues).toEqual([]);

    // Greek, saved: the screen changes without a reload.
    await page.getByLabel('Language').selectOption('el');
    await page.getByRole('button', { name: 'Save changes' }).click();
    const greekTitle = tr('el', 'lib', 'route.profile.title');
    await expect(page.getByRole('heading', { name: greekTitle, level: 1 })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'el');
    await expect(
      page.getByText(tr('el', 'features/profile', 'saved'), { exact: true }),
    ).toBeVisible();
    for (const url of catalogues) expect(url).toMatch(/\/catalog-el-/);

    // It holds over a reload, and the profile keeps it.
    await page.reload();
    await expect(page.getByRole('heading', { name: greekTitle, level: 1 })).toBeVisible();
    const [row] = await service<{ language: string | null }[]>(
      baseURL,
      'GET',
      `/rest/v1/profiles?select=language&id=eq.${me.id}`,
    );
    expect(row!.language).toBe('el');

    // Back to the device's language: English at once.
    await page.getByLabel(tr('el', 'features/profile', 'form.language')).selectOption('');
    await page.getByRole('button', { name: tr('el', 'features/profile', 'form.save') }).click();
    await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  } finally {
    await context.close();
  }
});
