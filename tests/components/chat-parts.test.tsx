// Chat's standalone parts (docs/chat.md "Mentions, attachments, search, notifications"), rendered
// for real in the app's providers against the in-process backend, signed in as demo accounts: a
// mention picked by keyboard becomes the token send_message reads; an attachment lands in the
// bucket under the conversation's and the uploader's folder; search finds a demo message and
// every message of a person; a notification preference is saved (its member row made when the
// conversation had none). No mocked hooks, no fixed sleeps.
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState, type ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { createClient } from '@supabase/supabase-js';
import { afterAll, afterEach, describe, expect, inject, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { notifyReason, type NotifiedConversation } from '@/features/chat/api/set-notify';
import { useChatStaff } from '@/features/chat/api/staff-directory';
import {
  attachmentsForMessage,
  useUploadAttachments,
  type Attachment,
} from '@/features/chat/api/upload-attachment';
import { AttachmentList } from '@/features/chat/components/attachment-list';
import { AttachmentPicker } from '@/features/chat/components/attachment-picker';
import { ChatNotifier } from '@/features/chat/components/chat-notifier';
import { MentionMenu } from '@/features/chat/components/mention-menu';
import { NotifySetting } from '@/features/chat/components/notify-setting';
import { SearchView } from '@/features/chat/components/search-view';
import { mentionToken, useMentionAutocomplete } from '@/features/chat/mentions';
import { useAuth } from '@/lib/auth/use-auth';
import { loadQueryClient } from '@/lib/query-client-loader';
import { listEntries } from '@/offline/queue';
import { callFunction, queueWrites } from '@/offline/write';
import { backOnline, endOutages, goOffline, service, withOutages } from './outage';
import { DEMO, DEMO_PASSWORD, signInAs, type DemoRole } from './render-route';

const NIKOS = 'a11ce000-0000-4000-8000-000000000002';
const MARIA = 'a11ce000-0000-4000-8000-000000000003';
const GENERAL = 'c4a70000-0000-4000-8000-000000000001';

const uploaded: string[] = [];
const sent: string[] = [];
const memberRows: string[] = [];

withOutages();

afterEach(() => {
  cleanup();
  backOnline();
});

afterAll(async () => {
  endOutages();
  if (uploaded.length) await service.storage.from('chat-attachments').remove(uploaded);
  if (memberRows.length) await service.from('conversation_members').delete().in('id', memberRows);
  if (sent.length) await service.from('messages').delete().in('id', sent);
});

async function renderPart(ui: ReactNode, as: DemoRole, at = '/') {
  await signInAs(as);
  await loadQueryClient();
  return render(
    <AppProviders>
      <MemoryRouter initialEntries={[at]}>{ui}</MemoryRouter>
    </AppProviders>,
  );
}

/** A textarea composer as h-chat's uses the autocomplete: the hook, the menu, the caret. */
function MentionComposer() {
  const staff = useChatStaff();
  const [text, setText] = useState('');
  const [caret, setCaret] = useState(0);
  const ref = useRef<HTMLTextAreaElement>(null);
  const m = useMentionAutocomplete({
    text,
    caret,
    people: staff.data ?? [],
    onChange: (t, c) => {
      setText(t);
      setCaret(c);
    },
  });
  return (
    <div>
      <textarea
        ref={ref}
        aria-label="Message"
        value={text}
        {...m.inputProps}
        onChange={(e) => {
          setText(e.target.value);
          setCaret(e.target.selectionStart);
        }}
        onSelect={(e) => setCaret(e.currentTarget.selectionStart)}
        onKeyDown={(e) => void m.onKeyDown(e)}
      />
      {m.open ? (
        <MentionMenu
          query={m.query}
          people={m.items}
          activeIndex={m.activeIndex}
          onPick={m.pick}
          id={m.listboxId}
          optionId={m.optionId}
          onActiveChange={m.setActiveIndex}
        />
      ) : null}
      <output aria-label="people known">{staff.data?.length ?? 0}</output>
    </div>
  );
}

it('a mention picked by keyboard becomes the @[Name](id) token, and Escape closes the menu', async () => {
  await renderPart(<MentionComposer />, 'manager');
  await waitFor(() =>
    expect(Number(screen.getByLabelText('people known').textContent)).toBeGreaterThan(3),
  );
  const box = screen.getByRole('combobox', { name: 'Message' });
  const user = userEvent.setup();
  await user.type(box, 'Thanks @mar');

  const menu = await screen.findByRole('listbox', { name: 'People to mention' });
  const options = within(menu).getAllByRole('option');
  // Whole names first (Maria Kritikou), then last names (Giorgos Markakis).
  const maria = within(menu).getByRole('option', { name: 'Maria Kritikou' });
  const markakis = within(menu).getByRole('option', { name: 'Giorgos Markakis' });
  expect(options.indexOf(maria)).toBe(0);
  expect(options.indexOf(markakis)).toBeGreaterThan(0);
  expect(box.getAttribute('aria-expanded')).toBe('true');
  expect(box.getAttribute('aria-activedescendant')).toBe(maria.id);

  await user.keyboard('{ArrowDown}');
  await waitFor(() => expect(markakis.getAttribute('aria-selected')).toBe('true'));
  expect(box.getAttribute('aria-activedescendant')).toBe(markakis.id);
  await user.keyboard('{ArrowUp}{Enter}');

  const token = mentionToken({ id: MARIA, fullName: 'Maria Kritikou' });
  await waitFor(() => expect((box as HTMLTextAreaElement).value).toBe(`Thanks ${token} `));
  expect(screen.queryByRole('listbox')).toBeNull();
  expect(box.getAttribute('aria-expanded')).toBe('false');

  await user.type(box, '@nik');
  await screen.findByRole('option', { name: 'Nikos Vlachos' });
  await user.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
  expect((box as HTMLTextAreaElement).value).toBe(`Thanks ${token} @nik`);
});

/** The picker and an upload button, as a composer holds them. */
function Uploader({
  conversationId,
  onDone,
}: {
  conversationId: string;
  onDone: (a: Attachment[]) => void;
}) {
  const [files, setFiles] = useState<File[]>([]);
  const upload = useUploadAttachments(conversationId);
  const signedIn = useAuth().user !== null;
  return (
    <div>
      <AttachmentPicker files={files} onChange={setFiles} />
      <button
        type="button"
        disabled={!signedIn || files.length === 0}
        onClick={() => upload.mutate(files, { onSuccess: (r) => onDone(r.attachments) })}
      >
        Upload
      </button>
    </div>
  );
}

it('a chosen file is previewed, a refused one said why, and the upload lands in <conversation>/<uid>/', async () => {
  const done = vi.fn<(a: Attachment[]) => void>();
  const { container } = await renderPart(
    <Uploader conversationId={GENERAL} onDone={done} />,
    'housekeeper',
  );
  const user = userEvent.setup({ applyAccept: false });
  const input = container.querySelector<HTMLInputElement>('input[type=file][multiple]')!;
  const pdf = new File(['%PDF-1.4 chat parts test'], 'Τιμολόγιο linen #4.pdf', {
    type: 'application/pdf',
  });
  const zip = new File(['PK'], 'photos.zip', { type: 'application/zip' });
  await user.upload(input, [pdf, zip]);

  expect((await screen.findByRole('alert')).textContent).toContain(
    'photos.zip cannot be sent: only photos and PDF files.',
  );
  const chosen = screen.getByRole('list', { name: 'Files to send' });
  expect(within(chosen).getAllByRole('listitem')).toHaveLength(1);
  within(chosen).getByText('Τιμολόγιο linen #4.pdf');

  const send = screen.getByRole('button', { name: 'Upload' });
  await waitFor(() => expect((send as HTMLButtonElement).disabled).toBe(false));
  await user.click(send);
  await waitFor(() => expect(done).toHaveBeenCalled(), { timeout: 15_000 });
  const [attachment] = done.mock.calls[0]![0];
  expect(attachment).toMatchObject({
    name: 'Τιμολόγιο linen #4.pdf',
    type: 'application/pdf',
    size: pdf.size,
  });
  expect(attachment!.path).toMatch(new RegExp(`^${GENERAL}/${MARIA}/[0-9a-f-]{36}-linen-4\\.pdf$`));
  uploaded.push(attachment!.path);

  // Read back with the service client: in Maria's folder of #general, typed as a PDF. (Its bytes
  // are not compared: happy-dom's File is not one node's fetch can send, so the test's upload body
  // is not the file's; in a browser it is.)
  const folder = `${GENERAL}/${MARIA}`;
  const { data: listed } = await service.storage.from('chat-attachments').list(folder);
  const object = listed?.find((f) => `${folder}/${f.name}` === attachment!.path);
  expect(object?.metadata).toMatchObject({ mimetype: 'application/pdf' });

  // Removed before sending: the chip goes.
  await user.click(screen.getByRole('button', { name: 'Remove Τιμολόγιο linen #4.pdf' }));
  expect(screen.queryByRole('list', { name: 'Files to send' })).toBeNull();

  // In a message, as another reader sees it (a file this device did not upload): a chip; the
  // viewer names it, counts it and signs its URL under the reader's rights.
  cleanup();
  const other: Attachment = {
    path: `${GENERAL}/${NIKOS}/${crypto.randomUUID()}-rota.pdf`,
    name: 'Rota week 48.pdf',
    type: 'application/pdf',
    size: 9,
  };
  const put = await service.storage
    .from('chat-attachments')
    .upload(other.path, new Blob(['%PDF-1.4'], { type: 'application/pdf' }));
  expect(put.error).toBeNull();
  uploaded.push(other.path);
  await renderPart(<AttachmentList attachments={[attachment!, other]} />, 'housekeeper');
  await user.click(await screen.findByRole('button', { name: 'Open Rota week 48.pdf' }));
  const viewer = await screen.findByRole('dialog', { name: 'Rota week 48.pdf' });
  expect(viewer.textContent).toContain('2 of 2');
  const download = await within(viewer).findByRole('link', { name: 'Download' });
  expect(download.getAttribute('href')).toContain('/storage/v1/object/sign/chat-attachments/');
  expect(download.getAttribute('href')).toContain(
    `download=${encodeURIComponent('Rota week 48.pdf')}`,
  );
  await user.click(within(viewer).getByRole('button', { name: 'Next' }));
  await screen.findByRole('dialog', { name: 'Τιμολόγιο linen #4.pdf' });
  within(screen.getByRole('dialog')).getByRole('link', { name: 'Open the file' });
  await user.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
});

it('search finds a demo message with its conversation, author and the match, and opens it', async () => {
  const { data: wanted } = await service
    .from('messages')
    .select('id')
    .eq('conversation_id', GENERAL)
    .ilike('body', '%spare keys%')
    .single();
  const onOpen = vi.fn();
  await renderPart(<SearchView onOpen={onOpen} />, 'manager');
  const user = userEvent.setup();
  await user.type(screen.getByRole('searchbox', { name: 'Text' }), 'SPARE keys');
  await user.click(screen.getByRole('button', { name: 'Search' }));

  const results = await screen.findByRole('list', { name: 'Results' }, { timeout: 10_000 });
  const hit = within(results)
    .getAllByRole('button')
    .find((b) => b.textContent?.includes('#general'))!;
  expect(hit.textContent).toContain('Nikos Vlachos');
  // The mention reads as @Name, the match is marked as typed in the message.
  expect(hit.textContent).toContain('@Maria Kritikou can you also bring the spare keys');
  within(hit).getByText('spare keys', { selector: 'mark' });
  await user.click(hit);
  expect(onOpen).toHaveBeenCalledWith(GENERAL, wanted!.id);
});

it('search by a person refuses nothing: every message Nikos wrote is found', async () => {
  const countOf = async () =>
    (
      await service
        .from('messages')
        .select('id', { count: 'exact', head: true })
        .eq('author_id', NIKOS)
        .is('deleted_at', null)
    ).count ?? 0;
  const before = await countOf();
  expect(before).toBeGreaterThan(5);
  await renderPart(<SearchView onOpen={() => undefined} />, 'manager');
  const user = userEvent.setup();
  const person = screen.getByRole('combobox', { name: 'Person' });
  await waitFor(() => within(person).getByRole('option', { name: 'Nikos Vlachos' }));
  await user.selectOptions(person, NIKOS);
  await user.click(screen.getByRole('button', { name: 'Search' }));
  const counted = await screen.findByText(/^\d+ messages$/, {}, { timeout: 10_000 });
  const found = Number(counted.textContent!.split(' ')[0]);
  expect(found).toBeGreaterThanOrEqual(before);
  expect(found).toBeLessThanOrEqual(await countOf());
});

it('search with no criterion says what to give instead of asking the server', async () => {
  await renderPart(<SearchView onOpen={() => undefined} />, 'housekeeper');
  await userEvent.setup().click(screen.getByRole('button', { name: 'Search' }));
  expect((await screen.findByRole('alert')).textContent).toContain(
    'Type a word, or choose a person or a villa.',
  );
});

it('a notification preference is saved, its member row made in a villa channel that had none', async () => {
  const { data: villas } = await service
    .from('conversations')
    .select('id, conversation_members(user_id)')
    .eq('kind', 'villa')
    .is('archived_at', null)
    .limit(200);
  const villa = villas!.find((c) => !c.conversation_members.some((m) => m.user_id === NIKOS))!;
  expect(villa).toBeDefined();

  await renderPart(<NotifySetting conversationId={villa.id} />, 'manager');
  const all = await screen.findByRole('radio', { name: /All messages/ });
  await waitFor(() => expect((all as HTMLInputElement).checked).toBe(true));
  const user = userEvent.setup();
  await user.click(screen.getByRole('radio', { name: /Only mentions of me/ }));

  const saved = async () =>
    (
      await service
        .from('conversation_members')
        .select('id, notify')
        .eq('conversation_id', villa.id)
        .eq('user_id', NIKOS)
    ).data ?? [];
  await waitFor(async () => expect(await saved()).toMatchObject([{ notify: 'mentions' }]), {
    timeout: 10_000,
  });
  memberRows.push((await saved())[0]!.id);

  // Changed again: the same row is updated, not another made.
  await waitFor(() =>
    expect((screen.getByRole('radio', { name: /Nothing/ }) as HTMLInputElement).disabled).toBe(
      false,
    ),
  );
  await user.click(screen.getByRole('radio', { name: /Nothing/ }));
  await waitFor(async () => expect(await saved()).toMatchObject([{ notify: 'none' }]), {
    timeout: 10_000,
  });
});

describe('the notifier', () => {
  const thread: NotifiedConversation = { kind: 'thread', title: 'Pool pump', mineTask: true };
  const channel: NotifiedConversation = { kind: 'channel', title: '#general', mineTask: false };
  const direct: NotifiedConversation = { kind: 'direct', title: '', mineTask: false };
  const m = (over: Partial<Parameters<typeof notifyReason>[0]> = {}) => ({
    author_id: NIKOS,
    mentions: [] as string[],
    deleted_at: null,
    conversation_id: GENERAL,
    ...over,
  });

  it("tells of a mention, a direct message and my task's thread, as the preference allows", () => {
    expect(notifyReason(m({ mentions: [MARIA] }), channel, MARIA, 'all', null)).toBe('mention');
    expect(notifyReason(m({ mentions: [MARIA] }), channel, MARIA, 'mentions', null)).toBe(
      'mention',
    );
    expect(notifyReason(m({ mentions: [MARIA] }), channel, MARIA, 'none', null)).toBeNull();
    expect(notifyReason(m(), direct, MARIA, 'all', null)).toBe('direct');
    expect(notifyReason(m(), direct, MARIA, 'mentions', null)).toBeNull();
    expect(notifyReason(m(), thread, MARIA, 'all', null)).toBe('task');
    expect(notifyReason(m(), { ...thread, mineTask: false }, MARIA, 'all', null)).toBeNull();
    // Channel chatter only raises the badge; my own, a deleted one, or the open conversation: nothing.
    expect(notifyReason(m(), channel, MARIA, 'all', null)).toBeNull();
    expect(notifyReason(m({ author_id: MARIA }), direct, MARIA, 'all', null)).toBeNull();
    expect(notifyReason(m({ deleted_at: 'x' }), direct, MARIA, 'all', null)).toBeNull();
    expect(notifyReason(m({ mentions: [MARIA] }), channel, MARIA, 'all', GENERAL)).toBeNull();
  });

  it('a mention arriving live shows a toast when I am elsewhere in the app', async () => {
    const nikos = createClient(inject('apiUrl'), import.meta.env.VITE_SUPABASE_PUBLISHABLE_KEY, {
      auth: {
        persistSession: false,
        autoRefreshToken: false,
        detectSessionInUrl: false,
        storageKey: 'chat-parts-nikos',
      },
    });
    const { error } = await nikos.auth.signInWithPassword({
      email: DEMO.manager,
      password: DEMO_PASSWORD,
    });
    expect(error).toBeNull();
    let subscribed: () => void = () => undefined;
    const live = new Promise<void>((resolve) => (subscribed = resolve));
    await renderPart(
      <ChatNotifier onSubscribed={() => subscribed()} />,
      'housekeeper',
      '/my-route',
    );
    await live;

    const send = async (body: string) => {
      const { data, error: e } = await nikos.rpc('send_message', {
        conversation_id: GENERAL,
        body,
      });
      expect(e).toBeNull();
      sent.push((data as { id: string }).id);
    };
    const stamp = Date.now().toString(36);
    await send(`Channel chatter ${stamp}`);
    await send(`${mentionToken({ id: MARIA, fullName: 'Maria Kritikou' })} the keys ${stamp}`);

    const toast = await screen.findByText(
      `Nikos Vlachos mentioned you in #general: @Maria Kritikou the keys ${stamp}`,
      {},
      { timeout: 15_000 },
    );
    expect(toast).toBeTruthy();
    expect(screen.queryByText(new RegExp(`Channel chatter ${stamp}`))).toBeNull();
    await nikos.auth.signOut();
  });
});

/** What the composer does on send: the files' uploads, then send_message, as one queued write. */
function OfflineSender({ onQueued }: { onQueued: (r: { result: string; body: string }) => void }) {
  const me = useAuth().user?.id ?? '';
  const [files, setFiles] = useState<File[]>([]);
  return (
    <div>
      <AttachmentPicker files={files} onChange={setFiles} />
      <button
        type="button"
        disabled={!me || files.length === 0}
        onClick={async () => {
          const { attachments, writes } = await attachmentsForMessage(files, {
            conversationId: GENERAL,
            userId: me,
          });
          const body = `Photo of the broken shower ${Date.now().toString(36)}`;
          const send = callFunction(
            'send_message',
            { conversation_id: GENERAL, body, attachments },
            'message',
            crypto.randomUUID(),
          );
          const result = await queueWrites([...writes, send], { userId: me, waitMs: 1000 });
          onQueued({ result, body });
        }}
      >
        Send
      </button>
    </div>
  );
}

it('a message with a file written offline: the file is kept, uploaded first on reconnect, the message sent once', async () => {
  const onQueued = vi.fn<(r: { result: string; body: string }) => void>();
  const { container } = await renderPart(<OfflineSender onQueued={onQueued} />, 'housekeeper');
  const user = userEvent.setup();
  await user.upload(
    container.querySelector<HTMLInputElement>('input[type=file][multiple]')!,
    new File(['%PDF-1.4 offline'], 'shower.pdf', { type: 'application/pdf' }),
  );
  const send = screen.getByRole('button', { name: 'Send' });
  await waitFor(() => expect((send as HTMLButtonElement).disabled).toBe(false));
  goOffline();
  await user.click(send);
  await waitFor(() => expect(onQueued).toHaveBeenCalled(), { timeout: 15_000 });
  const { result, body } = onQueued.mock.calls[0]![0];
  expect(result).toBe('queued');
  const queued = await listEntries();
  expect(queued.map((e) => `${e.target.kind}:${e.target.name}`)).toEqual([
    'storage:chat-attachments',
    'rpc:send_message',
  ]);

  backOnline();
  await waitFor(async () => expect(await listEntries()).toHaveLength(0), { timeout: 30_000 });
  const { data: rows } = await service
    .from('messages')
    .select('id, author_id, attachments')
    .eq('conversation_id', GENERAL)
    .eq('body', body);
  expect(rows).toHaveLength(1);
  sent.push(rows![0]!.id);
  expect(rows![0]!.author_id).toBe(MARIA);
  const [attachment] = rows![0]!.attachments as unknown as Attachment[];
  expect(attachment).toMatchObject({ name: 'shower.pdf', type: 'application/pdf' });
  uploaded.push(attachment!.path);
  const folder = `${GENERAL}/${MARIA}`;
  const { data: listed } = await service.storage.from('chat-attachments').list(folder);
  expect(listed?.map((f) => `${folder}/${f.name}`)).toContain(attachment!.path);
});
