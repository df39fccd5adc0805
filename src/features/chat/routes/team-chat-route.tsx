// /team-chat (docs/chat.md "The screens"): the conversation list beside the open conversation on a
// desk, one or the other on a phone; the open one in the address (`?c=<id>`), so a reload or a
// link keeps it. Live: a message anywhere refreshes the list's unread counts.
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ArrowLeft, Search } from 'lucide-react';
import { Button } from '@/components/ui/button';
import type { QueryClient } from '@tanstack/react-query';
import { PageHeader } from '@/components/page-header';
import { useAuth } from '@/lib/auth/use-auth';
import { useT } from '@/lib/i18n/catalog';
import { mayHaveSession } from '@/lib/supabase-client';
import { cn } from '@/lib/utils';
import { messages } from '../messages';
import { useConversation, useConversations } from '../api/get-conversations';
import { usePeopleNames } from '../api/get-people';
import { useConversationListLive } from '../api/live-messages';
import { messagesQueryOptions } from '../api/get-messages';
import { ConversationList } from '../components/conversation-list';
import { ConversationView } from '../components/conversation-view';
import { NewConversation } from '../components/new-conversation';
import { SearchView } from '../components/search-view';

export const clientLoader =
  (queryClient: QueryClient) =>
  ({ request }: { request: Request }) => {
    const c = new URL(request.url).searchParams.get('c');
    // The open conversation's newest page starts with the screen's chunk (never awaited).
    if (c && mayHaveSession())
      void queryClient.prefetchInfiniteQuery(messagesQueryOptions(c)).catch(() => undefined);
    return null;
  };

export function TeamChatRoute() {
  const t = useT(messages);
  const auth = useAuth();
  const me = auth.user?.id ?? '';
  const [params, setParams] = useSearchParams();
  const selected = params.get('c');
  const list = useConversations(me);
  const names = usePeopleNames();
  useConversationListLive(me, selected);
  const listed = list.data?.find((c) => c.id === selected);
  const opened = useConversation(selected, listed);
  const conversation = listed ?? opened.data ?? undefined;
  const select = (id: string | null) => setParams(id ? { c: id } : {}, { replace: false });
  const moderator = auth.hasPermission('chat.moderate');
  const [searching, setSearching] = useState(false);

  return (
    <div className="flex h-svh max-h-[90dvh] min-h-[50vh] flex-col gap-4">
      <PageHeader title={t('title')} description={t('description')} />
      <div className="flex min-h-0 flex-1 gap-4">
        <div
          className={cn(
            'flex min-h-0 w-full shrink-0 flex-col sm:w-80',
            selected !== null && 'hidden md:flex',
          )}
        >
          {list.isError && !list.data ? (
            <p role="alert" className="text-destructive text-sm">
              {t('list.loadFailed')}
            </p>
          ) : list.isPending ? (
            <p className="text-muted-foreground text-sm">{t('list.loading')}</p>
          ) : searching ? (
            <div className="flex min-h-0 flex-col gap-2">
              <Button
                variant="ghost"
                size="sm"
                className="w-fit"
                onClick={() => setSearching(false)}
              >
                <ArrowLeft className="size-4" aria-hidden="true" />
                {t('list.closeSearch')}
              </Button>
              <SearchView
                className="min-h-0 overflow-y-auto"
                onOpen={(conversationId) => {
                  setSearching(false);
                  select(conversationId);
                }}
              />
            </div>
          ) : (
            <ConversationList
              conversations={list.data ?? []}
              me={me}
              names={names}
              selected={selected}
              onSelect={select}
              actions={
                <>
                  <Button
                    size="icon"
                    variant="outline"
                    aria-label={t('list.search')}
                    onClick={() => setSearching(true)}
                  >
                    <Search className="size-4" aria-hidden="true" />
                  </Button>
                  <NewConversation onOpen={select} moderator={moderator} />
                </>
              }
            />
          )}
        </div>
        <div
          className={cn(
            'min-h-0 min-w-0 flex-1 flex-col',
            selected === null ? 'hidden md:flex' : 'flex',
          )}
        >
          {conversation ? (
            <ConversationView
              key={conversation.id}
              conversation={conversation}
              me={me}
              names={names}
              moderator={moderator}
              onBack={() => select(null)}
            />
          ) : selected && (opened.isPending || list.isPending) ? (
            <p className="text-muted-foreground text-sm">{t('conversation.loading')}</p>
          ) : selected ? (
            <p role="alert" className="text-sm">
              {t('conversation.notFound')}
            </p>
          ) : (
            <p className="text-muted-foreground mx-auto text-sm">{t('conversation.pick')}</p>
          )}
        </div>
      </div>
    </div>
  );
}
