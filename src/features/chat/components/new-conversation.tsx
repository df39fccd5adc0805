// "New message": pick people (a search over the staff's names) for a direct message (one person)
// or a group (2 to 19 more, an optional name) through start_direct; with chat.moderate, "New
// channel" (create_channel). Opens the conversation it found or made.
import { useState } from 'react';
import { Plus } from 'lucide-react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { useAuth } from '@/lib/auth/use-auth';
import { useT } from '@/lib/i18n/catalog';
import { messages } from '../messages';
import { useChatStaff } from '../api/staff-directory';
import { matchPeople } from '../mentions';
import { useCreateChannel, useStartDirect } from '../api/start-direct';

export function NewConversation({
  onOpen,
  moderator,
}: {
  onOpen: (id: string) => void;
  moderator: boolean;
}) {
  const t = useT(messages);
  const me = useAuth().user?.id ?? '';
  const people = (useChatStaff().data ?? []).filter((p) => p.id !== me);
  const [open, setOpen] = useState(false);
  const [mode, setMode] = useState<'direct' | 'channel'>('direct');
  const [q, setQ] = useState('');
  const [picked, setPicked] = useState<string[]>([]);
  const [name, setName] = useState('');
  const [isPrivate, setPrivate] = useState(false);
  const done = (id: string) => {
    setOpen(false);
    setPicked([]);
    setName('');
    setQ('');
    onOpen(id);
  };
  const start = useStartDirect({ onSuccess: done });
  const create = useCreateChannel({ onSuccess: done });
  const shown = q.trim() ? matchPeople(people, q.trim(), 50) : people;

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="icon" variant="outline" aria-label={t('newDirect.open')}>
          <Plus className="size-4" aria-hidden="true" />
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>
            {mode === 'direct' ? t('newDirect.title') : t('newDirect.channelTitle')}
          </DialogTitle>
          <DialogDescription>
            {mode === 'direct' ? t('newDirect.description') : t('newDirect.channelDescription')}
          </DialogDescription>
        </DialogHeader>
        {moderator ? (
          <div className="flex gap-2">
            <Button
              size="sm"
              variant={mode === 'direct' ? 'default' : 'outline'}
              onClick={() => setMode('direct')}
            >
              {t('newDirect.people')}
            </Button>
            <Button
              size="sm"
              variant={mode === 'channel' ? 'default' : 'outline'}
              onClick={() => setMode('channel')}
            >
              {t('newDirect.channel')}
            </Button>
          </div>
        ) : null}
        {mode === 'direct' ? (
          <form
            aria-label={t('newDirect.title')}
            className="flex flex-col gap-3"
            onSubmit={(e) => {
              e.preventDefault();
              if (picked.length === 0) return;
              start.mutate({
                userIds: picked,
                ...(picked.length > 1 && name.trim() ? { name: name.trim() } : {}),
              });
            }}
          >
            <Input
              type="search"
              aria-label={t('newDirect.search')}
              placeholder={t('newDirect.search')}
              value={q}
              onChange={(e) => setQ(e.target.value)}
            />
            <ul className="max-h-64 space-y-1 overflow-y-auto">
              {shown.map((p) => (
                <li key={p.id}>
                  <label className="flex items-center gap-2 text-sm">
                    <input
                      type="checkbox"
                      checked={picked.includes(p.id)}
                      onChange={(e) =>
                        setPicked((list) =>
                          e.target.checked ? [...list, p.id] : list.filter((x) => x !== p.id),
                        )
                      }
                    />
                    {p.fullName}
                  </label>
                </li>
              ))}
            </ul>
            {picked.length > 1 ? (
              <Input
                aria-label={t('newDirect.groupName')}
                placeholder={t('newDirect.groupName')}
                value={name}
                maxLength={80}
                onChange={(e) => setName(e.target.value)}
              />
            ) : null}
            <Button
              type="submit"
              disabled={picked.length === 0 || picked.length > 19 || start.isPending}
            >
              {picked.length > 1 ? t('newDirect.startGroup') : t('newDirect.start')}
            </Button>
          </form>
        ) : (
          <form
            aria-label={t('newDirect.channelTitle')}
            className="flex flex-col gap-3"
            onSubmit={(e) => {
              e.preventDefault();
              if (name.trim()) create.mutate({ name: name.trim(), isPrivate });
            }}
          >
            <Input
              aria-label={t('newDirect.channelName')}
              placeholder={t('newDirect.channelName')}
              value={name}
              maxLength={80}
              onChange={(e) => setName(e.target.value)}
            />
            <label className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={isPrivate}
                onChange={(e) => setPrivate(e.target.checked)}
              />
              {t('newDirect.private')}
            </label>
            <Button type="submit" disabled={!name.trim() || create.isPending}>
              {t('newDirect.create')}
            </Button>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
