// /admin/roles: create, rename, describe, delete when no user holds it. The four system roles
// keep their names and cannot be deleted (the database refuses it too). docs/admin.md
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { TextField } from '@/components/form/text-field';
import { PageHeader } from '@/components/page-header';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Form } from '@/components/ui/form';
import { Skeleton } from '@/components/ui/skeleton';
import { useT } from '@/lib/i18n/catalog';
import { useDeleteRole } from '../api/delete-role';
import { fieldOfError } from '../api/field-of-error';
import { useRoles } from '../api/get-roles';
import { useSaveRole } from '../api/save-role';
import type { Role } from '../api/types';
import { AdminNav } from '../components/admin-nav';
import { messages } from '../messages';
import { roleSchema, type RoleFormInput } from '../schemas';
import type { QueryClient } from '@tanstack/react-query';
import { prefetchOnLoad } from '@/lib/route-loader';
import { rolesQuery } from '../api/get-roles';

/** Prefetches the roles as the route loads (docs/adding-an-area.md). */
export const clientLoader = (queryClient: QueryClient) => () =>
  prefetchOnLoad(queryClient, rolesQuery());

function RoleForm({ role, onDone }: { role?: Role; onDone?: () => void }) {
  const form = useForm<RoleFormInput>({
    resolver: zodResolver(roleSchema),
    defaultValues: { name: role?.name ?? '', description: role?.description ?? '' },
  });
  const save = useSaveRole({
    onSuccess: () => {
      if (!role) form.reset({ name: '', description: '' });
      onDone?.();
    },
    // A name the database refuses (taken, badly formed) is shown under the field.
    onError: (err) => {
      const f = fieldOfError(err);
      if (f?.field !== 'name') return false;
      form.setError('name', { message: f.message });
      return true;
    },
  });
  const onSubmit = form.handleSubmit((v) => save.mutate({ id: role?.id, ...v }));
  const t = useT(messages);

  return (
    <Form {...form}>
      <form
        onSubmit={onSubmit}
        noValidate
        className="grid gap-3 sm:grid-cols-[1fr_2fr_auto] sm:items-end"
      >
        <TextField
          control={form.control}
          name="name"
          label={t('roles.name')}
          disabled={role?.is_system}
        />
        <TextField control={form.control} name="description" label={t('roles.descriptionLabel')} />
        <Button type="submit" disabled={save.isPending}>
          {t(role ? 'roles.save' : 'roles.create')}
        </Button>
      </form>
    </Form>
  );
}

export function AdminRolesRoute() {
  const roles = useRoles();
  const del = useDeleteRole();
  const [editing, setEditing] = useState<string | null>(null);
  const t = useT(messages);

  function remove(r: Role) {
    if (!window.confirm(t('roles.confirmDelete', { name: r.name }))) return;
    del.mutate(r.id);
  }

  return (
    <div className="space-y-6">
      <PageHeader title={t('roles.title')} description={t('roles.description')} />
      <AdminNav />
      <Card>
        <CardContent className="space-y-2 pt-6">
          <h2 className="font-medium">{t('roles.new')}</h2>
          <RoleForm />
        </CardContent>
      </Card>
      {roles.isPending ? (
        <Skeleton className="h-40" />
      ) : roles.isError ? (
        <p role="alert">{roles.error.message}</p>
      ) : (
        <ul className="space-y-3" aria-label={t('roles.list')}>
          {roles.data.map((r) => (
            <li key={r.id} className="rounded-lg border p-4" data-testid={`role-${r.name}`}>
              {editing === r.id ? (
                <RoleForm role={r} onDone={() => setEditing(null)} />
              ) : (
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <div className="min-w-0 space-y-1">
                    <div className="flex items-center gap-2">
                      <span className="font-medium">{r.name}</span>
                      {r.is_system ? <Badge variant="secondary">{t('roles.system')}</Badge> : null}
                    </div>
                    <p className="text-muted-foreground text-sm">{r.description || '—'}</p>
                    <p className="text-muted-foreground text-xs">
                      {t('roles.holders', { count: r.holders })}
                    </p>
                  </div>
                  <div className="flex gap-2">
                    <Button size="sm" variant="outline" onClick={() => setEditing(r.id)}>
                      {t(r.is_system ? 'roles.describe' : 'roles.edit')}
                    </Button>
                    {r.is_system ? null : (
                      <Button
                        size="sm"
                        variant="destructive"
                        disabled={r.holders > 0 || del.isPending}
                        title={r.holders > 0 ? t('roles.heldBy') : undefined}
                        onClick={() => remove(r)}
                      >
                        {t('roles.delete', { name: r.name })}
                      </Button>
                    )}
                  </div>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
