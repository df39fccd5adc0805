// Team chat benchmark (issue 31; docs/chat.md), on PGlite and on PostgreSQL 15, each a fresh backend
// on this repository's supabase/ folder started in this process.
//
// 1. Fan-out: MEMBERS bench housekeepers (distinct users, so every change is checked against RLS
//    for each of them) subscribe through supabase-js to new messages of one open team channel
//    (postgres_changes on `messages`, filtered by conversation, as the conversation view listens);
//    one of them sends RATE messages a second for SECONDS through `send_message` (a mutation id
//    each, as the composer sends). Reported: delivery latency (the sender's clock before the call
//    -> a member's callback) p50 / p95 / max over every delivery, and what never arrived.
// 2. The conversation list: one member of CONVERSATIONS private channels holding MESSAGES messages
//    from the last two weeks, with read marks part-way, so most have unread messages. Measured as
//    the screen reads (src/features/chat/api/get-conversations.ts, get-messages.ts):
//    `unread_counts()` alone (the badge and the dashboard card), the list's three reads sent
//    together plus the members of the directs and groups among them, and a conversation's newest
//    page; each at 1 and 8 clients (bench/api-bench.ts).
//
// Run: npm run bench -- chat   (BENCH_TARGETS=pglite,postgres; BENCH_CHAT_MEMBERS=100,
//      BENCH_CHAT_RATE=10, BENCH_CHAT_SECONDS=60, BENCH_CHAT_CONVERSATIONS=200,
//      BENCH_CHAT_MESSAGES=100000, BENCH_ROUNDS=200; BENCH_CHAT_PARTS=fanout or list runs one part)
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { SignJWT } from 'jose';
import { createClient } from '@supabase/supabase-js';
import type { Database } from '../src/lib/database.types.ts';
import type { RunningServer } from '../server/app.ts';
import { WELL_KNOWN } from '../server/gateway/config.ts';
import {
  forEachTarget,
  loadAverage,
  loadLine,
  must,
  resultRows,
  runCases,
  startBenchServer,
  targetName,
  writeResults,
  type Case,
  type Client,
  type Result,
  type Target,
} from './api-bench.ts';
import { percentile } from './load.ts';

const MEMBERS = Number(process.env.BENCH_CHAT_MEMBERS ?? 100);
const RATE = Number(process.env.BENCH_CHAT_RATE ?? 10);
const SECONDS = Number(process.env.BENCH_CHAT_SECONDS ?? 60);
const CONVERSATIONS = Number(process.env.BENCH_CHAT_CONVERSATIONS ?? 200);
const MESSAGES = Number(process.env.BENCH_CHAT_MESSAGES ?? 100_000);
const PARTS = (process.env.BENCH_CHAT_PARTS ?? 'fanout,list').split(',');
const WARMUP_SECONDS = 2;
const FANOUT_CHANNEL = 'c4a7b000-0000-4000-8000-00000000c000';
const MANAGER = 'a11ce000-0000-4000-8000-000000000002';

const userId = (i: number) => `c4a7b000-0000-4000-8000-${String(i).padStart(12, '0')}`;
const channelId = (i: number) => `c4a7b000-0000-4000-9000-${String(i).padStart(12, '0')}`;
const now = () => performance.timeOrigin + performance.now();
const r1 = (n: number) => Math.round(n * 10) / 10;

/** The bench's people (housekeepers: chat.use), a fan-out channel and the list's conversations. */
const DATA_SQL = `
insert into auth.users (
  instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
  raw_app_meta_data, raw_user_meta_data, created_at, updated_at,
  confirmation_token, recovery_token, email_change_token_new, email_change,
  email_change_token_current, phone_change, phone_change_token, reauthentication_token)
select '00000000-0000-0000-0000-000000000000', ('c4a7b000-0000-4000-8000-' || lpad(i::text, 12, '0'))::uuid,
  'authenticated', 'authenticated', 'chat-bench-' || i || '@arivia.local', '', now(),
  '{"provider": "email", "providers": ["email"]}'::jsonb,
  jsonb_build_object('full_name', 'Bench member ' || i), now(), now(), '', '', '', '', '', '', '', ''
from generate_series(1, greatest(${MEMBERS}, 5)) i;
delete from public.user_roles where user_id::text like 'c4a7b000-0000-4000-8000-%';
insert into public.user_roles (user_id, role_id)
select ('c4a7b000-0000-4000-8000-' || lpad(i::text, 12, '0'))::uuid, r.id
from generate_series(1, greatest(${MEMBERS}, 5)) i join public.roles r on r.name = 'housekeeper';

insert into public.conversations (id, kind, name, private, created_by)
values ('${FANOUT_CHANNEL}', 'channel', 'bench fan-out', false, '${MANAGER}');

-- The list's user (member 1) in CONVERSATIONS private channels with four colleagues each.
insert into public.conversations (id, kind, name, private, created_by, created_at)
select ('c4a7b000-0000-4000-9000-' || lpad(c::text, 12, '0'))::uuid, 'channel', 'bench list ' || c, true,
  '${MANAGER}', now() - interval '15 days'
from generate_series(1, ${CONVERSATIONS}) c;
insert into public.conversation_members (conversation_id, user_id, role, joined_at)
select ('c4a7b000-0000-4000-9000-' || lpad(c::text, 12, '0'))::uuid,
  ('c4a7b000-0000-4000-8000-' || lpad(m::text, 12, '0'))::uuid, 'member', now() - interval '15 days'
from generate_series(1, ${CONVERSATIONS}) c, generate_series(1, 5) m;
-- MESSAGES messages over the last two weeks, by the four colleagues, spread over the channels.
insert into public.messages (conversation_id, author_id, body, created_at)
select ('c4a7b000-0000-4000-9000-' || lpad((1 + n % ${CONVERSATIONS})::text, 12, '0'))::uuid,
  ('c4a7b000-0000-4000-8000-' || lpad((2 + n % 4)::text, 12, '0'))::uuid,
  'Bench message ' || n || ': linen for the villa is in the van',
  now() - interval '14 days' + (n * interval '14 days' / ${MESSAGES})
from generate_series(1, ${MESSAGES}) n;
-- Member 1 has read each channel part-way (a tenth of them all).
update public.conversation_members m
set last_read_at = case when c.n % 10 = 0 then now() else now() - ((c.n % 7) + 1) * interval '1 day' end
from (select id, row_number() over (order by id) as n from public.conversations
      where id::text like 'c4a7b000-0000-4000-9000-%') c
where m.conversation_id = c.id and m.user_id = '${userId(1)}';
`;

async function token(sub: string): Promise<string> {
  return new SignJWT({ sub, role: 'authenticated', aud: 'authenticated' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt()
    .setExpirationTime('2h')
    .sign(new TextEncoder().encode(WELL_KNOWN.jwtSecret));
}

/** supabase-js as bench member `i`, with its realtime socket on ws. */
async function memberClient(server: RunningServer, i: number): Promise<Client> {
  const t = await token(userId(i));
  const client = createClient<Database>(server.url, WELL_KNOWN.anonKey, {
    accessToken: async () => t,
    realtime: { transport: WebSocket as never },
  });
  await client.realtime.setAuth(t);
  return client;
}

interface Fanout {
  members: number;
  messages: number;
  expected: number;
  delivered: number;
  missing: number;
  sendFailures: number;
  latencyMs: { p50: number; p95: number; p99: number; max: number };
  lastMemberMs: { p95: number; max: number };
}

async function fanout(server: RunningServer): Promise<Fanout> {
  const clients = await Promise.all(
    Array.from({ length: MEMBERS }, (_, i) => memberClient(server, i + 1)),
  );
  const received = new Map<number, number[]>();
  let measuring = false;
  await Promise.all(
    clients.map(
      (client, i) =>
        new Promise<void>((resolve, reject) => {
          client
            .channel(`chat-bench-${i}`)
            .on<{ body: string }>(
              'postgres_changes',
              {
                event: 'INSERT',
                schema: 'public',
                table: 'messages',
                filter: `conversation_id=eq.${FANOUT_CHANNEL}`,
              },
              (p) => {
                const at = now();
                const m = /^measure (\d+(?:\.\d+)?)$/.exec(p.new.body);
                if (!measuring || !m) return;
                received.get(Number(m[1]))?.push(at - Number(m[1]));
              },
            )
            .subscribe((status, err) => {
              if (status === 'SUBSCRIBED') resolve();
              else if (status !== 'CLOSED') reject(err ?? new Error(status));
            });
        }),
    ),
  );
  const sender = clients[0]!;
  let sendFailures = 0;
  const sends: Promise<void>[] = [];
  const tick = async (seconds: number, note: string) => {
    const start = now();
    for (let i = 0; i < seconds * RATE; i++) {
      const wait = start + (i * 1000) / RATE - now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const sentAt = now();
      if (note === 'measure') received.set(sentAt, []);
      sends.push(
        Promise.resolve(
          sender.rpc('send_message', {
            conversation_id: FANOUT_CHANNEL,
            body: `${note} ${sentAt}`,
            mutation_id: randomUUID(),
          }),
        ).then(({ error }) => {
          if (error) sendFailures++;
        }),
      );
    }
  };
  await tick(WARMUP_SECONDS, 'warmup');
  await new Promise((r) => setTimeout(r, 500));
  measuring = true;
  await tick(SECONDS, 'measure');
  await Promise.all(sends);
  const expected = received.size * MEMBERS;
  const count = () => [...received.values()].reduce((n, l) => n + l.length, 0);
  const deadline = now() + 10_000;
  while (count() < expected && now() < deadline) await new Promise((r) => setTimeout(r, 50));
  measuring = false;
  await Promise.all(clients.map((c) => c.removeAllChannels()));
  const all = [...received.values()].flat().sort((a, b) => a - b);
  const last = [...received.values()]
    .filter((l) => l.length === MEMBERS)
    .map((l) => Math.max(...l))
    .sort((a, b) => a - b);
  return {
    members: MEMBERS,
    messages: received.size,
    expected,
    delivered: all.length,
    missing: expected - all.length,
    sendFailures,
    latencyMs: {
      p50: r1(percentile(all, 50)),
      p95: r1(percentile(all, 95)),
      p99: r1(percentile(all, 99)),
      max: r1(all.at(-1) ?? NaN),
    },
    lastMemberMs: { p95: r1(percentile(last, 95)), max: r1(last.at(-1) ?? NaN) },
  };
}

const LIST_SELECT =
  'id, kind, name, private, archived_at, last_message_at, property_id, clean_id, work_order_id, clean:cleaning_tasks!clean_id(day, property:properties(name)), work_order:work_orders!work_order_id(title, property:properties(name))';
const MESSAGE_SELECT =
  'id, conversation_id, author_id, body, reply_to, mentions, mutation_id, created_at, edited_at, deleted_at, attachments, reactions:message_reactions(id, user_id, emoji)';

function listCases(me: Client): Case[] {
  const base = () => me.from('conversations').select(LIST_SELECT).is('archived_at', null);
  return [
    {
      name: 'unread_counts() (the badge, the card)',
      run: async () => {
        const res = await me.rpc('unread_counts').gt('unread', 0);
        if (must(res, 'unread').length === 0) throw new Error('nothing unread');
      },
    },
    {
      name: 'the conversation list (its reads together)',
      run: async () => {
        const [others, villas, unread] = await Promise.all([
          base()
            .neq('kind', 'villa')
            .order('last_message_at', { ascending: false, nullsFirst: false })
            .limit(500),
          base()
            .eq('kind', 'villa')
            .not('last_message_at', 'is', null)
            .order('last_message_at', { ascending: false })
            .limit(30),
          me.rpc('unread_counts').gt('unread', 0),
        ]);
        const rows = [...must(others, 'others'), ...must(villas, 'villas')];
        must(unread, 'unread');
        const grouped = rows.filter((r) => r.kind === 'direct' || r.kind === 'group');
        if (grouped.length)
          must(
            await me
              .from('conversation_members')
              .select('conversation_id, user_id, role, last_read_at, last_read_message_id')
              .in(
                'conversation_id',
                grouped.map((r) => r.id),
              ),
            'members',
          );
        if (rows.length < CONVERSATIONS) throw new Error(`${rows.length} conversations listed`);
      },
    },
    {
      name: "a conversation's newest page (50)",
      run: async () => {
        const res = await me
          .from('messages')
          .select(MESSAGE_SELECT)
          .eq('conversation_id', channelId(1 + Math.floor(Math.random() * CONVERSATIONS)))
          .order('created_at', { ascending: false })
          .order('id', { ascending: false })
          .limit(51);
        if (must(res, 'page').length === 0) throw new Error('an empty page');
      },
    },
  ];
}

interface Run {
  fanout: Fanout | null;
  results: Result[];
  loadSeconds: number;
  unreadConversations: number;
}

async function benchTarget(target: Target, databaseUrl?: string): Promise<Run> {
  const server = await startBenchServer(databaseUrl);
  try {
    const t0 = Date.now();
    await server.db.transaction((tx) => tx.exec(DATA_SQL));
    const loadSeconds = r1((Date.now() - t0) / 1000);
    await server.db.exec('analyze');
    console.log(
      `  ${MEMBERS} members, ${CONVERSATIONS} conversations and ${MESSAGES} messages loaded in ${loadSeconds} s`,
    );
    const result = PARTS.includes('fanout') ? await fanout(server) : null;
    if (result)
      console.log(
        `  fan-out: ${result.delivered}/${result.expected} delivered (${result.missing} missing, ${result.sendFailures} sends failed); p50 ${result.latencyMs.p50} ms, p95 ${result.latencyMs.p95} ms, max ${result.latencyMs.max} ms`,
      );
    const me = await memberClient(server, 1);
    const unread = must(await me.rpc('unread_counts').gt('unread', 0), 'unread').length;
    return {
      fanout: result,
      results: PARTS.includes('list') ? await runCases(target, listCases(me)) : [],
      loadSeconds,
      unreadConversations: unread,
    };
  } finally {
    await server.close();
  }
}

async function main() {
  const before = loadAverage();
  const runs = await forEachTarget('chat', 'bench_chat', benchTarget);
  const after = loadAverage();
  const md = [
    `Fan-out: ${MEMBERS} members of one open channel subscribed through supabase-js; one sends ${RATE} messages a second for ${SECONDS} s through send_message.`,
    '',
    '| database | messages | delivered | missing | sends failed | p50 ms | p95 ms | p99 ms | max ms | last of the members p95 ms |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...Object.entries(runs).flatMap(([t, { fanout: r }]) =>
      r === null
        ? []
        : `| ${targetName(t as Target)} | ${r.messages} | ${r.delivered}/${r.expected} | ${r.missing} | ${r.sendFailures} | ${r.latencyMs.p50} | ${r.latencyMs.p95} | ${r.latencyMs.p99} | ${r.latencyMs.max} | ${r.lastMemberMs.p95} |`,
    ),
    '',
    `The list: one member of ${CONVERSATIONS} private channels holding ${MESSAGES.toLocaleString('en')} messages (${Object.entries(
      runs,
    )
      .map(
        ([t, r]) =>
          `${targetName(t as Target)}: ${r.unreadConversations} with unread messages, loaded in ${r.loadSeconds} s`,
      )
      .join('; ')}).`,
    '',
    ...resultRows(Object.values(runs).flatMap((r) => r.results)),
    '',
    loadLine(before, after),
  ].join('\n');
  writeResults('chat', { members: MEMBERS, rate: RATE, seconds: SECONDS, runs }, md);
  const lost = Object.values(runs).some(
    (r) => r.fanout !== null && (r.fanout.missing > 0 || r.fanout.sendFailures > 0),
  );
  process.exit(lost ? 1 : 0);
}

await main();
