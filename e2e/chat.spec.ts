// Team chat through the real app and backend (docs/chat.md), as new users would: a manager at a
// desk starts a direct message with a technician on a 360 px phone (technicians, not housekeepers:
// a new housekeeper would be a new column of every housekeeping board other specs drag across);
// each sees the other online and typing, and the other's messages, a reaction and an edit arrive
// live; a third technician with chat open all along receives nothing of it over the socket (while
// #general's message reaches him) and reads nothing of it at its address. A work order's thread,
// opened with "Discuss" by the manager, tells its technician elsewhere in the app, and is the same
// thread from the technician's side. A message written with no signal shows "Sending…", then
// "Sent" once the signal is back, and is one message on the server. axe on every screen.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { cutSignal, expectFitsPhone, jpeg, launchPhone, restoreSignal } from './support/field';
import { signIn } from './support/helpers';
import { waitForController } from './support/pwa';
import { baseURLOf, createStaff, service, uniqueCode, type Account } from './support/offline';

const GENERAL = 'c4a70000-0000-4000-8000-000000000001'; // the demo seed's open #general

async function chatPage(
  browser: Browser,
  account: Account,
  viewport: { width: number; height: number },
  frames?: string[],
): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseURLOf(), viewport });
  const page = await context.newPage();
  // Every frame the realtime server sends this page, from its first socket on.
  if (frames)
    page.on('websocket', (ws) =>
      ws.on('framereceived', ({ payload }) =>
        frames.push(typeof payload === 'string' ? payload : payload.toString('utf8')),
      ),
    );
  await signIn(page, account.email, account.password);
  await page.goto('/team-chat');
  await expect(page.getByRole('navigation', { name: 'Conversations' })).toBeVisible();
  return page;
}

// The text box is the mention autocomplete's combobox.
const composer = (page: Page) => page.getByRole('combobox', { name: 'Message', exact: true });
const messageBy = (page: Page, name: string, text: string | RegExp) =>
  page.getByRole('listitem', { name: `Message from ${name}` }).filter({ hasText: text });

async function send(page: Page, text: string) {
  await composer(page).fill(text);
  await composer(page).press('Enter');
}

test('a direct message between a desk and a phone, live both ways; a third person receives nothing', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const baseURL = baseURLOf();
  const tag = uniqueCode();
  const nikosName = `Nikos ${tag}`;
  const mariaName = `Maria ${tag}`;
  const [nikos, maria, giorgos] = await Promise.all([
    createStaff(baseURL, 'manager', { fullName: nikosName }),
    createStaff(baseURL, 'technician', { fullName: mariaName }),
    createStaff(baseURL, 'technician', { fullName: `Giorgos ${tag}` }),
  ]);
  const desk = await chatPage(browser, nikos, { width: 1280, height: 900 });
  const phone = await chatPage(browser, maria, { width: 360, height: 740 });
  // Giorgos has chat open from the start: whatever his socket is sent is recorded.
  const giorgosFrames: string[] = [];
  const other = await chatPage(browser, giorgos, { width: 1280, height: 900 }, giorgosFrames);

  // Nikos starts a direct message with Maria and writes.
  await desk.getByRole('button', { name: 'New message or channel' }).click();
  await desk.getByLabel('Search people').fill(mariaName);
  await desk.getByRole('dialog').getByText(mariaName, { exact: true }).click();
  await desk.getByRole('button', { name: 'Start conversation' }).click();
  await expect(desk).toHaveURL(/[?&]c=[0-9a-f-]{36}/);
  const conversation = new URL(desk.url()).searchParams.get('c')!;
  const first = `Is the pool at ${tag} clean for tonight?`;
  await send(desk, first);
  await expect(messageBy(desk, nikosName, first)).toBeVisible();
  await expect(desk.getByText('Sent', { exact: true })).toBeVisible();
  await expect(composer(desk)).toHaveValue('');

  // Maria's list shows it unread; she opens it, and answers.
  const directs = phone.getByRole('region', { name: 'Direct messages' });
  const entry = directs.getByRole('button', { name: new RegExp(nikosName) });
  await expect(entry).toBeVisible();
  await expect(entry).toHaveAccessibleName(/1 unread message/);
  await entry.click();
  await expect(messageBy(phone, nikosName, first)).toBeVisible();

  // Both have it open: each sees the other online, and Maria sees Nikos typing.
  await expect(desk.getByRole('img', { name: 'Online' })).toBeVisible();
  await expect(phone.getByRole('img', { name: 'Online' })).toBeVisible();
  // "Typing" goes out at most every 2 s, and the last went with the first message's keys: Nikos
  // keeps typing until Maria sees it.
  await expect(async () => {
    await composer(desk).press('x');
    await expect(phone.getByText(`${nikosName} is typing…`)).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await composer(desk).fill('');
  const reply = `Yes, done at ${tag}.`;
  await send(phone, reply);
  await expect(messageBy(desk, mariaName, reply)).toBeVisible();

  // A reaction and an edit arrive live.
  const theirs = messageBy(phone, nikosName, first);
  await theirs.getByRole('button', { name: 'Message actions' }).click();
  await theirs.getByRole('button', { name: 'React with 👍' }).click();
  await expect(
    messageBy(desk, nikosName, first).getByRole('button', { name: '👍 1' }),
  ).toBeVisible();
  const mine = messageBy(desk, nikosName, first);
  await mine.getByRole('button', { name: 'Message actions' }).click();
  await mine.getByRole('button', { name: 'Edit' }).click();
  const edited = `Is the pool at ${tag} clean for 18:00?`;
  await desk.getByRole('textbox', { name: 'Message text' }).fill(edited);
  await desk.getByRole('button', { name: 'Save' }).click();
  const seen = messageBy(phone, nikosName, edited);
  await expect(seen).toBeVisible();
  await expect(seen.getByText('edited')).toBeVisible();

  // Maria goes back to the list; Nikos mentions her with a photo. She hears of it where she is.
  await phone.getByRole('button', { name: 'Conversations', exact: true }).click();
  await expect(phone).not.toHaveURL(/[?&]c=/);
  await composer(desk).fill('Look at this, @');
  await composer(desk).pressSequentially(mariaName);
  await expect(desk.getByRole('option')).toHaveText([new RegExp(mariaName)]);
  await composer(desk).press('Enter');
  await expect(composer(desk)).toHaveValue(new RegExp(`@\\[${mariaName}\\]\\([0-9a-f-]{36}\\) $`));
  const chooser = desk.waitForEvent('filechooser');
  await desk.getByRole('button', { name: 'Attach a photo or file' }).click();
  await (
    await chooser
  ).setFiles({ name: 'pool.jpg', mimeType: 'image/jpeg', buffer: await jpeg(7) });
  await expect(desk.getByRole('button', { name: 'Remove pool.jpg' })).toBeVisible();
  await composer(desk).press('Enter');
  const withPhoto = messageBy(desk, nikosName, `@${mariaName}`);
  await expect(withPhoto.getByRole('button', { name: /^Open pool/ })).toBeVisible();
  await expect(phone.getByText(`${nikosName} mentioned you`).first()).toBeVisible();
  await entry.click();
  const received = messageBy(phone, nikosName, `@${mariaName}`);
  await expect(received.locator('img')).toBeVisible();

  await expectAccessible(desk, 'team chat, desk');
  await expectAccessible(phone, 'team chat, phone');
  await expectFitsPhone(phone);

  // Giorgos is not in it. His socket was sent nothing of it (no text, not its id), while a
  // message in #general, which he reads, reached him there.
  const general = `Team meeting moved to 9:30 (${tag})`;
  await desk.goto(`/team-chat?c=${GENERAL}`);
  await send(desk, general);
  await expect.poll(() => giorgosFrames.some((f) => f.includes(general))).toBe(true);
  for (const text of [first, reply, edited, conversation])
    expect(giorgosFrames.filter((f) => f.includes(text))).toEqual([]);
  // Its address shows him nothing, and his list does not have it.
  await other.goto(`/team-chat?c=${conversation}`);
  await expect(
    other.getByText('This conversation does not exist or is not yours to read.'),
  ).toBeVisible();
  await expect(other.getByText(first)).toHaveCount(0);
  await expect(other.getByText(reply)).toHaveCount(0);
  await expect(other.getByRole('button', { name: new RegExp(nikosName) })).toHaveCount(0);
  for (const p of [desk, phone, other]) await p.context().close();
});

test('a work order’s thread: the manager opens it with "Discuss", the technician hears of it and finds the same thread', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const baseURL = baseURLOf();
  const tag = uniqueCode();
  const nikosName = `Nikos ${tag}`;
  const [nikos, eleni] = await Promise.all([
    createStaff(baseURL, 'manager', { fullName: nikosName }),
    createStaff(baseURL, 'technician', { fullName: `Eleni ${tag}` }),
  ]);
  const code = tag; // ZOF-…, first in the villa's name
  const [villa] = await service<{ id: string }[]>(baseURL, 'POST', '/rest/v1/properties', {
    code,
    name: `${code} Villa Thread`,
    area: 'Thread Bay, Milos',
    bedrooms: 2,
  });
  const title = `Pool pump leaking ${tag}`;
  const [order] = await service<{ id: string }[]>(baseURL, 'POST', '/rest/v1/work_orders', {
    property_id: villa!.id,
    title,
    priority: 'high',
    assignee_id: eleni.id,
  });
  const desk = await chatPage(browser, nikos, { width: 1280, height: 900 });
  const phoneFrames: string[] = [];
  const phone = await chatPage(browser, eleni, { width: 360, height: 740 }, phoneFrames);
  phoneFrames.length = 0;
  await phone.goto('/maintenance');
  // The app's chat notifier joins after the first screen is idle: the message comes after that.
  await expect
    .poll(() =>
      phoneFrames.some(
        (f) => f.includes('chat-notifier') && f.includes('phx_reply') && f.includes('"ok"'),
      ),
    )
    .toBe(true);

  // Nikos opens the work order and its thread.
  await desk.goto(`/maintenance?wo=${order!.id}`);
  await desk.getByRole('dialog', { name: title }).getByRole('button', { name: 'Discuss' }).click();
  await expect(desk).toHaveURL(/\/team-chat\?c=[0-9a-f-]{36}/);
  const thread = new URL(desk.url()).searchParams.get('c')!;
  // The conversation's heading (the list has headings of its own: Channels, Villas, Threads).
  await expect(desk.getByRole('heading', { level: 2, name: new RegExp(title) })).toBeVisible();
  const ask = `Can you bring the spare pump for ${code}?`;
  await send(desk, ask);
  await expect(messageBy(desk, nikosName, ask).getByText('Sent')).toBeVisible();

  // Eleni is on her work orders: the thread of her task tells her.
  await expect(phone.getByText(new RegExp(`^${nikosName} in .*${title}`)).first()).toBeVisible();
  // From the work order, "Discuss" is the same thread, with Nikos's message.
  await phone.goto(`/maintenance?wo=${order!.id}`);
  await phone.getByRole('dialog', { name: title }).getByRole('button', { name: 'Discuss' }).click();
  await expect(phone).toHaveURL(new RegExp(`[?&]c=${thread}`));
  await expect(messageBy(phone, nikosName, ask)).toBeVisible();
  const answer = `On my way with it, ${tag}`;
  await send(phone, answer);
  await expect(messageBy(desk, `Eleni ${tag}`, answer)).toBeVisible();
  await expectAccessible(phone, 'a work order thread, phone');
  await expectFitsPhone(phone);

  // It is listed under Threads on both sides.
  await phone.getByRole('button', { name: 'Conversations', exact: true }).click();
  for (const p of [desk, phone])
    await expect(
      p.getByRole('region', { name: 'Threads' }).getByRole('button', { name: new RegExp(title) }),
    ).toBeVisible();
  for (const p of [desk, phone]) await p.context().close();
});

test('a message written with no signal is "Sending…", then "Sent", and lands once', async () => {
  test.setTimeout(180_000);
  const baseURL = baseURLOf();
  const tag = uniqueCode();
  const name = `Anna ${tag}`;
  const anna = await createStaff(baseURL, 'technician', { fullName: name });
  const pwa = await launchPhone(baseURL);
  try {
    const { page, context } = pwa;
    await page.goto('/auth');
    await signIn(page, anna.email, anna.password);
    await page.goto(`/team-chat?c=${GENERAL}`);
    await expect(composer(page)).toBeVisible();
    // The conversation was read online: it is kept for the offline minutes.
    await expect(page.getByRole('listitem', { name: /^Message from / }).first()).toBeVisible();
    await waitForController(page);
    await cutSignal(context);
    const text = `Linen for ${tag} is in the van, no signal here`;
    await send(page, text);
    const pending = messageBy(page, name, text);
    await expect(pending).toBeVisible();
    await expect(pending.getByText('Sending…')).toBeVisible();
    await restoreSignal(context);
    await expect(messageBy(page, name, text).getByText('Sent')).toBeVisible({ timeout: 30_000 });
    const rows = await service<{ id: string }[]>(
      baseURL,
      'GET',
      `/rest/v1/messages?select=id&conversation_id=eq.${GENERAL}&body=eq.${encodeURIComponent(text)}`,
    );
    expect(rows).toHaveLength(1);
  } finally {
    await pwa.close();
  }
});
