import { DialogCloseX } from '@/components/overlay-close';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Archive, ArchiveRestore, Pencil, Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { hrefs, paths } from '@/lib/routes';
import { useSetPropertyArchived } from '../api/archive-property';
import { useDeleteProperty } from '../api/delete-property';
import { usePropertyHasHistory } from '../api/get-property-history';
import { messages } from '../messages';
import { useT } from '@/lib/i18n/catalog';

/** Edit, archive / restore, and delete (only without history) for managers. */
export function PropertyActions({
  id,
  code,
  name,
  archived,
  updatedAt,
}: {
  id: string;
  code: string;
  name: string;
  archived: boolean;
  /** The version an archive or restore is made from. */
  updatedAt: string;
}) {
  const t = useT(messages);
  const navigate = useNavigate();
  const history = usePropertyHasHistory(id, true);
  const setArchived = useSetPropertyArchived({ id, code, updated_at: updatedAt });
  const remove = useDeleteProperty();
  const [confirm, setConfirm] = useState<'archive' | 'delete' | null>(null);

  return (
    <>
      <Button asChild variant="outline">
        <Link to={hrefs.propertyEdit(id)}>
          <Pencil aria-hidden="true" />
          {t('actions.edit')}
        </Link>
      </Button>
      {archived ? (
        <Button
          variant="outline"
          disabled={setArchived.isPending}
          onClick={() => setArchived.mutate(false)}
        >
          <ArchiveRestore aria-hidden="true" />
          {t('actions.restore')}
        </Button>
      ) : (
        <Button variant="outline" onClick={() => setConfirm('archive')}>
          <Archive aria-hidden="true" />
          {t('actions.archive')}
        </Button>
      )}
      {history.data === false ? (
        <Button variant="outline" onClick={() => setConfirm('delete')}>
          <Trash2 aria-hidden="true" />
          {t('actions.delete')}
        </Button>
      ) : null}
      <Dialog open={confirm !== null} onOpenChange={(o) => !o && setConfirm(null)}>
        <DialogContent showCloseButton={false}>
          <DialogCloseX />
          <DialogHeader>
            <DialogTitle>
              {confirm === 'delete'
                ? t('actions.deleteTitle', { name })
                : t('actions.archiveTitle', { name })}
            </DialogTitle>
            <DialogDescription>
              {confirm === 'delete' ? t('actions.deleteHint') : t('actions.archiveHint')}
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => setConfirm(null)}>
              {t('actions.keep')}
            </Button>
            {confirm === 'delete' ? (
              <Button
                variant="destructive"
                disabled={remove.isPending}
                onClick={() =>
                  remove.mutate({ id, code }, { onSuccess: () => navigate(paths.properties.path) })
                }
              >
                {t('actions.deleteConfirm')}
              </Button>
            ) : (
              <Button
                variant="destructive"
                disabled={setArchived.isPending}
                onClick={() => setArchived.mutate(true, { onSuccess: () => setConfirm(null) })}
              >
                {t('actions.archiveConfirm')}
              </Button>
            )}
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
