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
import { useDeleteRole } from '../api/delete-role';
import { fieldOfError } from '../api/field-of-error';
import { useRoles } from '../api/get-roles';
import { useSaveRole } from '../api/save-role';
import type { Role } from '../api/types';
import { AdminNav } from '../components/admin-nav';
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

  return (
    <Form {...form}>
      <form
        onSubmit={onSubmit}
        noValidate
        className="grid gap-3 sm:grid-cols-[1fr_2fr_auto] sm:items-end"
      >
        <TextField control={form.control} name="name" label="Name" disabled={role?.is_system} />
        <TextField control={form.control} name="description" label="Description" />
        <Button type="submit" disabled={save.isPending}>
          {role ? 'Save' : 'Create role'}
        </Button>
      </form>
    </Form>
  );
}

export function AdminRolesRoute() {
  const roles = useRoles();
  const del = useDeleteRole();
  const [editing, setEditing] = useState<string | null>(null);

  function remove(r: Role) {
    if (!window.confirm(`Delete the role ${r.name}?`)) return;
    del.mutate(r.id);
  }

  return (
    <div className="space-y-6">
      <PageHeader title="Roles" description="Roles group permission keys; users hold roles." />
      <AdminNav />
      <Card>
        <CardContent className="space-y-2 pt-6">
          <h2 className="font-medium">New role</h2>
          <RoleForm />
        </CardContent>
      </Card>
      {roles.isPending ? (
        <Skeleton className="h-40" />
      ) : roles.isError ? (
        <p role="alert">{roles.error.message}</p>
      ) : (
        <ul className="space-y-3" aria-label="Roles">
          {roles.data.map((r) => (
            <li key={r.id} className="rounded-lg border p-4" data-testid={`role-${r.name}`}>
              {editing === r.id ? (
                <RoleForm role={r} onDone={() => setEditing(null)} />
              ) : (
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <div className="min-w-0 space-y-1">
                    <div className="flex items-center gap-2">
                      <span className="font-medium">{r.name}</span>
                      {r.is_system ? <Badge variant="secondary">system</Badge> : null}
                    </div>
                    <p className="text-muted-foreground text-sm">{r.description || '—'}</p>
                    <p className="text-muted-foreground text-xs">
                      {r.holders} user{r.holders === 1 ? '' : 's'}
                    </p>
                  </div>
                  <div className="flex gap-2">
                    <Button size="sm" variant="outline" onClick={() => setEditing(r.id)}>
                      {r.is_system ? 'Describe' : 'Edit'}
                    </Button>
                    {r.is_system ? null : (
                      <Button
                        size="sm"
                        variant="destructive"
                        disabled={r.holders > 0 || del.isPending}
                        title={
                          r.holders > 0 ? 'Held by users: remove it from them first' : undefined
                        }
                        onClick={() => remove(r)}
                      >
                        Delete {r.name}
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
