// /admin/roles: create, rename, describe, delete when no user holds it. The four system roles
// keep their names and cannot be deleted (the database refuses it too). docs/admin.md
import { useState, type FormEvent } from 'react';
import { PageHeader } from '@/components/page-header';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/errors';
import { notify } from '@/lib/toast';
import { fieldOfError, useDeleteRole, useRoles, useSaveRole, type Role } from '../api/admin-api';
import { AdminNav } from '../components/admin-nav';

const NAME = /^[a-z][a-z0-9_]{1,31}$/;
const NAME_HINT = 'Use 2 to 32 lowercase letters, digits or _, starting with a letter.';

function RoleForm({
  role,
  onDone,
  idPrefix,
}: {
  role?: Role;
  onDone?: () => void;
  idPrefix: string;
}) {
  const save = useSaveRole();
  const [name, setName] = useState(role?.name ?? '');
  const [description, setDescription] = useState(role?.description ?? '');
  const [error, setError] = useState('');

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!NAME.test(name)) {
      setError(NAME_HINT);
      return;
    }
    setError('');
    try {
      await save.mutateAsync({ id: role?.id, name, description });
      notify.success(role ? 'Role saved' : 'Role created');
      if (!role) {
        setName('');
        setDescription('');
      }
      onDone?.();
    } catch (err) {
      const f = fieldOfError(err);
      if (f?.field === 'name') setError(f.message);
      else notify.error(errorMessage(err, 'Could not save the role'));
    }
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      className="grid gap-3 sm:grid-cols-[1fr_2fr_auto] sm:items-end"
    >
      <div className="space-y-1">
        <Label htmlFor={`${idPrefix}-name`}>Name</Label>
        <Input
          id={`${idPrefix}-name`}
          value={name}
          disabled={role?.is_system}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${idPrefix}-name-error` : undefined}
          onChange={(e) => setName(e.target.value)}
        />
        {error ? (
          <p id={`${idPrefix}-name-error`} className="text-destructive text-sm">
            {error}
          </p>
        ) : null}
      </div>
      <div className="space-y-1">
        <Label htmlFor={`${idPrefix}-description`}>Description</Label>
        <Input
          id={`${idPrefix}-description`}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
        />
      </div>
      <Button type="submit" disabled={save.isPending}>
        {role ? 'Save' : 'Create role'}
      </Button>
    </form>
  );
}

export function AdminRolesRoute() {
  const roles = useRoles();
  const del = useDeleteRole();
  const [editing, setEditing] = useState<string | null>(null);

  async function remove(r: Role) {
    if (!window.confirm(`Delete the role ${r.name}?`)) return;
    try {
      await del.mutateAsync(r.id);
      notify.success('Role deleted');
    } catch (err) {
      notify.error(errorMessage(err, 'Could not delete the role'));
    }
  }

  return (
    <div className="space-y-6">
      <PageHeader title="Roles" description="Roles group permission keys; users hold roles." />
      <AdminNav />
      <Card>
        <CardContent className="space-y-2 pt-6">
          <h2 className="font-medium">New role</h2>
          <RoleForm idPrefix="new-role" />
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
                <RoleForm idPrefix={`edit-${r.name}`} role={r} onDone={() => setEditing(null)} />
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
                        onClick={() => void remove(r)}
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
