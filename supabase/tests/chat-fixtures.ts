// Chat fixtures (docs/chat.md): conversations made as the office would, and messages as a person.
import { expect } from 'vitest';
import type { Database } from '../../src/lib/database.types.ts';
import { serviceClient, type Client } from './support.ts';

export type Conversation = Database['public']['Tables']['conversations']['Row'];
export type Message = Database['public']['Tables']['messages']['Row'];

/** A team channel made through the API by someone holding chat.moderate. */
export async function makeChannel(
  by: Client,
  name: string,
  opts: { isPrivate?: boolean; members?: string[] } = {},
): Promise<Conversation> {
  const { data, error } = await by.rpc('create_channel', {
    name,
    is_private: opts.isPrivate ?? false,
    member_ids: opts.members ?? [],
  });
  expect(error).toBeNull();
  return data as Conversation;
}

export async function send(by: Client, conversationId: string, body: string): Promise<Message> {
  const { data, error } = await by.rpc('send_message', { conversation_id: conversationId, body });
  expect(error).toBeNull();
  return data as Message;
}

/** The villa channel the villa's trigger made. */
export async function villaChannel(propertyId: string): Promise<Conversation> {
  const { data, error } = await serviceClient()
    .from('conversations')
    .select('*')
    .eq('property_id', propertyId)
    .single();
  expect(error).toBeNull();
  return data!;
}

/** Conversations made by a suite, removed in afterAll (their messages go with them). */
export async function removeConversations(ids: string[]) {
  if (ids.length === 0) return;
  const { error } = await serviceClient().from('conversations').delete().in('id', ids);
  expect(error).toBeNull();
}

export type Unread = { conversation_id: string; unread: number; mentions: number };

export async function unreadOf(c: Client, conversationId: string): Promise<Unread | undefined> {
  const { data, error } = await c.rpc('unread_counts');
  expect(error).toBeNull();
  return (data as Unread[]).find((r) => r.conversation_id === conversationId);
}
