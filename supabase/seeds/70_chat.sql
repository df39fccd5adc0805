-- Demo team chat (docs/chat.md): three open team channels (#general, #housekeeping,
-- #maintenance) and a private #office, the villa channels the villas' trigger made (a few with
-- messages), threads on demo cleans and work orders, two direct messages and a housekeepers' group,
-- over the past two weeks, relative to the moment the seed runs. Written as the database owner:
-- each message keeps the author and time given here; the message trigger moves the conversation's
-- last_message_at and the author's read mark. The demo accounts' read marks are set at the end so
-- each has something unread.
--
-- People: Eleni (admin, ...01), Nikos (manager, ...02), Maria (housekeeper, ...03), Giorgos
-- (technician, ...04), Sofia (...05) and Anna (...06, housekeepers), Kostas (technician, ...07).

-- ---------------------------------------------------------------------------------------------
-- Conversations
-- ---------------------------------------------------------------------------------------------

insert into public.conversations (id, kind, name, private, member_key, clean_id, work_order_id, created_by, created_at)
values
  ('c4a70000-0000-4000-8000-000000000001', 'channel', 'general', false, null, null, null,
    'a11ce000-0000-4000-8000-000000000002', now() - interval '20 days'),
  ('c4a70000-0000-4000-8000-000000000002', 'channel', 'housekeeping', false, null, null, null,
    'a11ce000-0000-4000-8000-000000000002', now() - interval '20 days'),
  ('c4a70000-0000-4000-8000-000000000003', 'channel', 'maintenance', false, null, null, null,
    'a11ce000-0000-4000-8000-000000000002', now() - interval '20 days'),
  ('c4a70000-0000-4000-8000-000000000004', 'channel', 'office', true, null, null, null,
    'a11ce000-0000-4000-8000-000000000001', now() - interval '20 days'),
  -- Threads on two planned cleans and three work orders.
  ('c4a70000-0000-4000-8000-000000000011', 'thread', null, false, null,
    'c1ea0000-0000-4000-8000-000000000001', null, 'a11ce000-0000-4000-8000-000000000002', now() - interval '2 days'),
  ('c4a70000-0000-4000-8000-000000000012', 'thread', null, false, null,
    'c1ea0000-0000-4000-8000-000000000002', null, 'a11ce000-0000-4000-8000-000000000002', now() - interval '3 days'),
  ('c4a70000-0000-4000-8000-000000000013', 'thread', null, false, null,
    null, '3a0c0000-0000-4000-8000-000000000001', 'a11ce000-0000-4000-8000-000000000003', now() - interval '1 day 4 hours'),
  ('c4a70000-0000-4000-8000-000000000014', 'thread', null, false, null,
    null, '3a0c0000-0000-4000-8000-000000000002', 'a11ce000-0000-4000-8000-000000000005', now() - interval '6 hours'),
  ('c4a70000-0000-4000-8000-000000000015', 'thread', null, false, null,
    null, '3a0c0000-0000-4000-8000-000000000003', 'a11ce000-0000-4000-8000-000000000006', now() - interval '5 hours'),
  -- Direct messages and a group: member_key is the sorted member ids (start_direct finds them).
  ('c4a70000-0000-4000-8000-000000000021', 'direct', null, true,
    'a11ce000-0000-4000-8000-000000000002,a11ce000-0000-4000-8000-000000000003', null, null,
    'a11ce000-0000-4000-8000-000000000002', now() - interval '13 days'),
  ('c4a70000-0000-4000-8000-000000000022', 'direct', null, true,
    'a11ce000-0000-4000-8000-000000000002,a11ce000-0000-4000-8000-000000000004', null, null,
    'a11ce000-0000-4000-8000-000000000004', now() - interval '9 days'),
  ('c4a70000-0000-4000-8000-000000000023', 'group', 'Housekeeping team', true,
    'a11ce000-0000-4000-8000-000000000003,a11ce000-0000-4000-8000-000000000005,a11ce000-0000-4000-8000-000000000006',
    null, null, 'a11ce000-0000-4000-8000-000000000003', now() - interval '14 days');

insert into public.conversation_members (conversation_id, user_id, role, joined_at)
values
  ('c4a70000-0000-4000-8000-000000000001', 'a11ce000-0000-4000-8000-000000000002', 'moderator', now() - interval '20 days'),
  ('c4a70000-0000-4000-8000-000000000002', 'a11ce000-0000-4000-8000-000000000002', 'moderator', now() - interval '20 days'),
  ('c4a70000-0000-4000-8000-000000000003', 'a11ce000-0000-4000-8000-000000000002', 'moderator', now() - interval '20 days'),
  ('c4a70000-0000-4000-8000-000000000004', 'a11ce000-0000-4000-8000-000000000001', 'moderator', now() - interval '20 days'),
  ('c4a70000-0000-4000-8000-000000000004', 'a11ce000-0000-4000-8000-000000000002', 'member', now() - interval '20 days'),
  ('c4a70000-0000-4000-8000-000000000021', 'a11ce000-0000-4000-8000-000000000002', 'member', now() - interval '13 days'),
  ('c4a70000-0000-4000-8000-000000000021', 'a11ce000-0000-4000-8000-000000000003', 'member', now() - interval '13 days'),
  ('c4a70000-0000-4000-8000-000000000022', 'a11ce000-0000-4000-8000-000000000002', 'member', now() - interval '9 days'),
  ('c4a70000-0000-4000-8000-000000000022', 'a11ce000-0000-4000-8000-000000000004', 'member', now() - interval '9 days'),
  ('c4a70000-0000-4000-8000-000000000023', 'a11ce000-0000-4000-8000-000000000003', 'member', now() - interval '14 days'),
  ('c4a70000-0000-4000-8000-000000000023', 'a11ce000-0000-4000-8000-000000000005', 'member', now() - interval '14 days'),
  ('c4a70000-0000-4000-8000-000000000023', 'a11ce000-0000-4000-8000-000000000006', 'member', now() - interval '14 days');

-- ---------------------------------------------------------------------------------------------
-- Messages: (conversation, author, how long ago, body). A villa channel is named by the villa's
-- code ('villa:SAN-OIA-01'). Mentions are written as the composer writes them: @[Name](id).
-- ---------------------------------------------------------------------------------------------

create temporary table demo_chat (n serial, conv text, author text, ago interval, body text);
insert into demo_chat (conv, author, ago, body) values
  -- #general
  ('c4a70000-0000-4000-8000-000000000001', '02', '13 days 9 hours', 'Good morning all. Season is picking up: 9 arrivals this week across Santorini and Paros. Please keep your task lists up to date in the app rather than on WhatsApp, so the office sees what is done.'),
  ('c4a70000-0000-4000-8000-000000000001', '03', '13 days 8 hours', 'Will do. Is the linen delivery still Tuesday?'),
  ('c4a70000-0000-4000-8000-000000000001', '02', '13 days 8 hours', 'Tuesday before 10, at the Santorini warehouse.'),
  ('c4a70000-0000-4000-8000-000000000001', '01', '10 days 6 hours', 'Reminder: the new ferry timetable to Paros starts on Monday. The 07:30 boat is now at 07:10.'),
  ('c4a70000-0000-4000-8000-000000000001', '04', '10 days 5 hours', 'Thanks Eleni, I would have missed that.'),
  ('c4a70000-0000-4000-8000-000000000001', '02', '6 days 10 hours', 'Strong meltemi forecast for Thursday and Friday. Bring in cushions and umbrellas at every villa after the clean and check the pool covers.'),
  ('c4a70000-0000-4000-8000-000000000001', '05', '6 days 9 hours', 'Done at Villa Thalassa and Lithos House.'),
  ('c4a70000-0000-4000-8000-000000000001', '06', '6 days 8 hours', 'Done at Ornos Bay, the sun bed cushions are in the storage room.'),
  ('c4a70000-0000-4000-8000-000000000001', '02', '2 days 7 hours', 'Staff dinner on Sunday at 20:00 at Kostas'' cousin''s taverna in Pyrgos. Tell me by Friday if you are coming.'),
  ('c4a70000-0000-4000-8000-000000000001', '07', '2 days 6 hours', 'Count me in.'),
  ('c4a70000-0000-4000-8000-000000000001', '03', '1 day 20 hours', 'Me too, with my husband if that is ok.'),
  ('c4a70000-0000-4000-8000-000000000001', '02', '3 hours', 'Of course. @[Maria Kritikou](a11ce000-0000-4000-8000-000000000003) can you also bring the spare keys for Aspro Suite back to the office tomorrow?'),
  -- #housekeeping
  ('c4a70000-0000-4000-8000-000000000002', '02', '12 days 7 hours', 'From this week every turnover gets the new welcome basket: wine, local honey, fresh fruit. Baskets are packed at the warehouse.'),
  ('c4a70000-0000-4000-8000-000000000002', '05', '12 days 6 hours', 'Who brings the fruit? It will not keep in the van all day.'),
  ('c4a70000-0000-4000-8000-000000000002', '02', '12 days 6 hours', 'Buy it on the way at the market and keep the receipt, the office pays it back.'),
  ('c4a70000-0000-4000-8000-000000000002', '06', '8 days 3 hours', 'We are low on king fitted sheets in the Mykonos store, only 4 left.'),
  ('c4a70000-0000-4000-8000-000000000002', '02', '8 days 2 hours', 'Transfer of 12 is on the pick list for tomorrow morning.'),
  ('c4a70000-0000-4000-8000-000000000002', '03', '4 days 5 hours', 'Guests at Villa Anemos left a lot of sand in the pool shower drain. I cleared it but it is slow.'),
  ('c4a70000-0000-4000-8000-000000000002', '03', '5 hours', 'Same-day turnover at Caldera Blue today: check-out 11:00, check-in 15:00. @[Sofia Alexiou](a11ce000-0000-4000-8000-000000000005) can you help me there from 11:30?'),
  ('c4a70000-0000-4000-8000-000000000002', '05', '4 hours', 'Yes, I will be there after Kallisti.'),
  -- #maintenance
  ('c4a70000-0000-4000-8000-000000000003', '04', '11 days 4 hours', 'Pool chemicals delivered to both warehouses. Chlorine tablets are on the top shelf, away from the acid.'),
  ('c4a70000-0000-4000-8000-000000000003', '07', '9 days 2 hours', 'Replaced the gas bottle at Folegandros Cliff House. The spare is now empty too, please order two.'),
  ('c4a70000-0000-4000-8000-000000000003', '02', '9 days 1 hour', 'Ordered, they come on Thursday''s boat.'),
  ('c4a70000-0000-4000-8000-000000000003', '04', '3 days 6 hours', 'Serviced all the AC units at Villa Ornos Bay. The one in bedroom 2 is old, I would budget a replacement for next winter.'),
  ('c4a70000-0000-4000-8000-000000000003', '02', '1 day 3 hours', 'Two urgent jobs today: the pool pump at Villa Anemos and the ceiling leak at Caldera Blue. Both block check-ins, threads are on the work orders.'),
  -- #office (private: Eleni and Nikos)
  ('c4a70000-0000-4000-8000-000000000004', '01', '7 days 4 hours', 'Owner of Villa Portara asked for a monthly report on maintenance costs. Can we send it from analytics?'),
  ('c4a70000-0000-4000-8000-000000000004', '02', '7 days 3 hours', 'Yes, I will export it on the first of the month.'),
  ('c4a70000-0000-4000-8000-000000000004', '01', '1 day 2 hours', 'Contractor quote for the Caldera Blue ceiling is 640 euros. I approved it.'),
  -- Villa channels
  ('villa:SAN-OIA-01', '03', '4 days 4 hours', 'Key safe code works again after the battery change.'),
  ('villa:SAN-OIA-01', '04', '1 day 5 hours', 'Pool pump trips the breaker, I am on it. Please do not switch it back on.'),
  ('villa:SAN-IME-01', '05', '6 hours', 'Water stain on the master bathroom ceiling is bigger this morning. Photo is on the work order.'),
  ('villa:MYK-ORN-01', '06', '5 days 2 hours', 'Guests asked for a baby cot for next week, is there one in the Mykonos store?'),
  ('villa:MYK-ORN-01', '02', '5 days 1 hour', 'There is one, I will ask Kostas to bring it over.'),
  ('villa:PAR-NAO-01', '05', '2 days 3 hours', 'Outdoor shower head came off. Reported it, the guests are using the indoor one.'),
  -- Threads on cleans
  ('c4a70000-0000-4000-8000-000000000011', '02', '2 days', 'Guests are out between 10 and 14. Fresh towels and bed linen only, no full clean.'),
  ('c4a70000-0000-4000-8000-000000000011', '06', '1 day 22 hours', 'Understood. Do they want the pool towels changed too?'),
  ('c4a70000-0000-4000-8000-000000000011', '02', '1 day 21 hours', 'Yes, all towels.'),
  ('c4a70000-0000-4000-8000-000000000012', '02', '3 days', 'Deep clean at Villa Portara: curtains go to the laundry in Chora, the van picks them up at 9.'),
  ('c4a70000-0000-4000-8000-000000000012', '05', '2 days 23 hours', 'We need the ladder for the curtains, is it still in the Naxos store?'),
  ('c4a70000-0000-4000-8000-000000000012', '03', '2 days 22 hours', 'It is, I saw it on Monday.'),
  -- Threads on work orders
  ('c4a70000-0000-4000-8000-000000000013', '03', '1 day 4 hours', 'Pump tripped again at 9:40, ten minutes after I switched it on for the clean.'),
  ('c4a70000-0000-4000-8000-000000000013', '04', '1 day 3 hours', 'Probably the capacitor. I have one in the van, there at 13:00.'),
  ('c4a70000-0000-4000-8000-000000000013', '04', '20 hours', 'Capacitor replaced, running for an hour now without tripping. Leaving it on test until tomorrow.'),
  ('c4a70000-0000-4000-8000-000000000014', '05', '6 hours', 'The leak drips as soon as the upstairs shower runs. Towels on the floor for now.'),
  ('c4a70000-0000-4000-8000-000000000014', '07', '5 hours', 'On my way. @[Nikos Vlachos](a11ce000-0000-4000-8000-000000000002) the guests arrive at 16:00, we may need to move them to the other bathroom.'),
  ('c4a70000-0000-4000-8000-000000000015', '06', '5 hours', 'Guests say bedroom 2 AC blows warm air. No error on the remote.'),
  -- Direct: Nikos and Maria
  ('c4a70000-0000-4000-8000-000000000021', '02', '13 days', 'Maria, could you take the Friday turnovers in Oia this week?'),
  ('c4a70000-0000-4000-8000-000000000021', '03', '12 days 23 hours', 'Yes, both of them. I need the van key.'),
  ('c4a70000-0000-4000-8000-000000000021', '02', '12 days 22 hours', 'It is in the office drawer.'),
  ('c4a70000-0000-4000-8000-000000000021', '03', '2 hours', 'The guests at Villa Anemos left a bag in the wardrobe. I put it in the office.'),
  -- Direct: Nikos and Giorgos
  ('c4a70000-0000-4000-8000-000000000022', '04', '9 days', 'Can I order a second pool vacuum? The one in the Paros van keeps losing suction.'),
  ('c4a70000-0000-4000-8000-000000000022', '02', '8 days 23 hours', 'Send me a link and I will approve it.'),
  ('c4a70000-0000-4000-8000-000000000022', '04', '1 hour', 'Pump at Villa Anemos is fine after the night. Closing the work order.'),
  -- Group: the housekeepers
  ('c4a70000-0000-4000-8000-000000000023', '03', '14 days', 'Morning girls, who has the spare iron?'),
  ('c4a70000-0000-4000-8000-000000000023', '06', '13 days 23 hours', 'I have it, it is in my car.'),
  ('c4a70000-0000-4000-8000-000000000023', '05', '3 days 2 hours', 'Can someone swap Saturday with me? My son has a school event.'),
  ('c4a70000-0000-4000-8000-000000000023', '06', '3 days 1 hour', 'I can take your Saturday if you take my Monday.'),
  ('c4a70000-0000-4000-8000-000000000023', '05', '3 days', 'Deal, thank you Anna!');

insert into public.messages (conversation_id, author_id, body, created_at)
select
  coalesce(
    (select c.id from public.conversations c join public.properties p on p.id = c.property_id
      where d.conv like 'villa:%' and p.code = substr(d.conv, 7)),
    case when d.conv not like 'villa:%' then d.conv::uuid end),
  ('a11ce000-0000-4000-8000-0000000000' || d.author)::uuid, d.body, now() - d.ago
from demo_chat d
order by d.ago desc, d.n;

-- A reply and some reactions.
update public.messages m set reply_to = (
  select r.id from public.messages r
  where r.conversation_id = m.conversation_id and r.body like 'Staff dinner%')
where m.conversation_id = 'c4a70000-0000-4000-8000-000000000001' and m.body in ('Count me in.', 'Me too, with my husband if that is ok.');

insert into public.message_reactions (message_id, user_id, emoji, created_at)
select m.id, ('a11ce000-0000-4000-8000-0000000000' || x.who)::uuid, x.emoji, m.created_at + interval '10 minutes'
from (values
  ('Staff dinner%', '03', '🎉'), ('Staff dinner%', '05', '🎉'), ('Staff dinner%', '06', '👍'),
  ('Capacitor replaced%', '02', '🙏'), ('Capacitor replaced%', '03', '👍'),
  ('Deal, thank you Anna!', '06', '❤️'), ('Ordered, they come%', '07', '👍')
) as x (pattern, who, emoji)
join public.messages m on m.body like x.pattern;

-- ---------------------------------------------------------------------------------------------
-- Read marks: the demo accounts have read their open channels up to a day ago (so today's
-- messages are unread) and their directs up to the last but one message.
-- ---------------------------------------------------------------------------------------------

insert into public.conversation_members (conversation_id, user_id, last_read_at, joined_at)
select c.id, u.id, now() - interval '1 day', now() - interval '20 days'
from public.conversations c
cross join (values
  ('a11ce000-0000-4000-8000-000000000001'::uuid), ('a11ce000-0000-4000-8000-000000000002'::uuid),
  ('a11ce000-0000-4000-8000-000000000003'::uuid), ('a11ce000-0000-4000-8000-000000000004'::uuid)
) as u (id)
where c.kind = 'channel' and not c.private
on conflict (conversation_id, user_id) do update
set last_read_at = least(conversation_members.last_read_at, excluded.last_read_at);

update public.conversation_members cm
set last_read_at = (
  select m.created_at - interval '1 second' from public.messages m
  where m.conversation_id = cm.conversation_id order by m.created_at desc limit 1)
where cm.conversation_id in ('c4a70000-0000-4000-8000-000000000021', 'c4a70000-0000-4000-8000-000000000022')
  and cm.user_id = 'a11ce000-0000-4000-8000-000000000002';

update public.conversation_members cm
set last_read_message_id = (
  select m.id from public.messages m
  where m.conversation_id = cm.conversation_id and m.created_at <= cm.last_read_at
  order by m.created_at desc limit 1)
where cm.last_read_at is not null;

drop table demo_chat;
