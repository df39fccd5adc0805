// /admin/users: accounts (search, sort, paging, "waiting for access"), invite or create, and one
// user's sheet: roles, status, password reset, delete, effective permissions with their source
// and per-user overrides (docs/admin.md).
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useSearchParams } from 'react-router';
import { TextField } from '@/components/form/text-field';
import { PageHeader } from '@/components/page-header';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Form, FormField } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect, NativeSelectOption } from '@/components/ui/native-select';
import {
  Sheet,
  SheetContent,
  SheetDescription,
  SheetHeader,
  SheetTitle,
} from '@/components/ui/sheet';
import { Skeleton } from '@/components/ui/skeleton';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { useAuth } from '@/lib/auth/use-auth';
import { useCreateUser } from '../api/create-user';
import { fieldOfError } from '../api/field-of-error';
import { useMatrix } from '../api/get-permission-matrix';
import { useRoles } from '../api/get-roles';
import { useAccess } from '../api/get-user-access';
import { useUsers } from '../api/get-users';
import { useSetOverride } from '../api/set-permission-override';
import { useSetRoles } from '../api/set-user-roles';
import type { Account, AccountAccess, UserFilter, UserListParams, UserSort } from '../api/types';
import { useUserAction, type UserAction } from '../api/user-action';
import { newUserSchema, type NewUserInput } from '../schemas';
import { AdminNav } from '../components/admin-nav';
import { formatWhen } from '../format';
import type { LoaderFunctionArgs } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { prefetchOnLoad } from '@/lib/route-loader';
import { usersQuery } from '../api/get-users';

const PER_PAGE = 20;
const FILTERS: { value: UserFilter; label: string }[] = [
  { value: 'all', label: 'All accounts' },
  { value: 'waiting', label: 'Waiting for access' },
  { value: 'active', label: 'Active' },
  { value: 'invited', label: 'Invited' },
  { value: 'deactivated', label: 'Deactivated' },
];
const SORTS: { value: UserSort; label: string }[] = [
  { value: 'created_at', label: 'Created' },
  { value: 'last_sign_in_at', label: 'Last sign-in' },
  { value: 'email', label: 'E-mail' },
  { value: 'full_name', label: 'Name' },
  { value: 'status', label: 'Status' },
];

function StatusBadge({ status }: { status: Account['status'] }) {
  const variant =
    status === 'active' ? 'default' : status === 'invited' ? 'secondary' : 'destructive';
  return <Badge variant={variant}>{status}</Badge>;
}

function useDebounced(value: string, ms = 300) {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setV(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return v;
}

/** The list as the page first asks for it: newest first, the filter from the address. */
const firstListParams = (filter: UserFilter): UserListParams => ({
  search: '',
  filter,
  sort: 'created_at',
  desc: true,
  page: 0,
  perPage: PER_PAGE,
});
const WAITING: UserListParams = { ...firstListParams('all'), filter: 'waiting', perPage: 1 };

/** Prefetches the first page and the waiting count as the route loads (docs/adding-an-area.md). */
export const clientLoader =
  (queryClient: QueryClient) =>
  ({ request }: LoaderFunctionArgs) => {
    const filter = (new URL(request.url).searchParams.get('filter') as UserFilter | null) ?? 'all';
    prefetchOnLoad(queryClient, usersQuery(WAITING));
    return prefetchOnLoad(queryClient, usersQuery(firstListParams(filter)));
  };

export function AdminUsersRoute() {
  const [params, setParams] = useSearchParams();
  const filter = (params.get('filter') as UserFilter | null) ?? 'all';
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<UserSort>('created_at');
  const [desc, setDesc] = useState(true);
  const [page, setPage] = useState(0);
  const [creating, setCreating] = useState(false);
  const [openId, setOpenId] = useState<string | null>(null);
  const debounced = useDebounced(search);
  const listParams: UserListParams = {
    search: debounced,
    filter,
    sort,
    desc,
    page,
    perPage: PER_PAGE,
  };
  const users = useUsers(listParams);
  const waiting = useUsers({ ...listParams, search: '', filter: 'waiting', page: 0, perPage: 1 });
  const total = users.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PER_PAGE));

  return (
    <div className="space-y-6">
      <PageHeader
        title="Users"
        description="Accounts, their roles and permission overrides."
        actions={<Button onClick={() => setCreating(true)}>Invite or create</Button>}
      />
      <AdminNav />
      <div className="grid gap-3 sm:grid-cols-4">
        <div className="space-y-1 sm:col-span-2">
          <Label htmlFor="user-search">Search</Label>
          <Input
            id="user-search"
            type="search"
            placeholder="Name or e-mail"
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              setPage(0);
            }}
          />
        </div>
        <div className="space-y-1">
          <Label htmlFor="user-filter">Show</Label>
          <NativeSelect
            id="user-filter"
            value={filter}
            onChange={(e) => {
              setParams({ filter: e.target.value }, { replace: true });
              setPage(0);
            }}
          >
            {FILTERS.map((f) => (
              <NativeSelectOption key={f.value} value={f.value}>
                {f.value === 'waiting' && waiting.data
                  ? `${f.label} (${waiting.data.total})`
                  : f.label}
              </NativeSelectOption>
            ))}
          </NativeSelect>
        </div>
        <div className="space-y-1">
          <Label htmlFor="user-sort">Sort by</Label>
          <div className="flex gap-1">
            <NativeSelect
              id="user-sort"
              value={sort}
              onChange={(e) => setSort(e.target.value as UserSort)}
            >
              {SORTS.map((s) => (
                <NativeSelectOption key={s.value} value={s.value}>
                  {s.label}
                </NativeSelectOption>
              ))}
            </NativeSelect>
            <Button
              variant="outline"
              size="icon"
              aria-label={
                desc ? 'Descending, switch to ascending' : 'Ascending, switch to descending'
              }
              onClick={() => setDesc(!desc)}
            >
              {desc ? '↓' : '↑'}
            </Button>
          </div>
        </div>
      </div>
      {waiting.data && waiting.data.total > 0 && filter !== 'waiting' ? (
        <p className="text-sm">
          <button
            type="button"
            className="underline"
            onClick={() => setParams({ filter: 'waiting' }, { replace: true })}
          >
            {waiting.data.total} waiting for access
          </button>
        </p>
      ) : null}
      {users.isPending ? (
        <Skeleton className="h-40" />
      ) : users.isError ? (
        <p role="alert">Could not load the accounts: {users.error.message}</p>
      ) : (
        <>
          <div className="overflow-x-auto rounded-md border">
            <Table>
              <TableHeader>
                <TableRow>
                  <TableHead>Name</TableHead>
                  <TableHead>E-mail</TableHead>
                  <TableHead>Roles</TableHead>
                  <TableHead>Status</TableHead>
                  <TableHead className="hidden md:table-cell">Last sign-in</TableHead>
                  <TableHead className="hidden md:table-cell">Created</TableHead>
                  <TableHead>
                    <span className="sr-only">Actions</span>
                  </TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {users.data.users.length === 0 ? (
                  <TableRow>
                    <TableCell colSpan={7}>No accounts match.</TableCell>
                  </TableRow>
                ) : (
                  users.data.users.map((u) => (
                    <TableRow key={u.id} data-testid="user-row">
                      <TableCell className="max-w-40 truncate">{u.full_name || '—'}</TableCell>
                      <TableCell className="max-w-48 truncate">{u.email}</TableCell>
                      <TableCell>
                        {u.roles.length ? u.roles.join(', ') : 'waiting for access'}
                      </TableCell>
                      <TableCell>
                        <StatusBadge status={u.status} />
                      </TableCell>
                      <TableCell className="hidden md:table-cell">
                        {formatWhen(u.last_sign_in_at)}
                      </TableCell>
                      <TableCell className="hidden md:table-cell">
                        {formatWhen(u.created_at)}
                      </TableCell>
                      <TableCell>
                        <Button
                          size="sm"
                          variant="outline"
                          onClick={() => setOpenId(u.id)}
                          aria-label={`Manage ${u.email ?? u.full_name}`}
                        >
                          Manage
                        </Button>
                      </TableCell>
                    </TableRow>
                  ))
                )}
              </TableBody>
            </Table>
          </div>
          <div className="flex items-center justify-between gap-2 text-sm">
            <span>
              {total} account{total === 1 ? '' : 's'} · page {page + 1} of {pages}
            </span>
            <div className="flex gap-2">
              <Button
                variant="outline"
                size="sm"
                disabled={page === 0}
                onClick={() => setPage(page - 1)}
              >
                Previous
              </Button>
              <Button
                variant="outline"
                size="sm"
                disabled={page + 1 >= pages}
                onClick={() => setPage(page + 1)}
              >
                Next
              </Button>
            </div>
          </div>
        </>
      )}
      <CreateUserDialog open={creating} onOpenChange={setCreating} />
      <UserSheet userId={openId} onClose={() => setOpenId(null)} />
    </div>
  );
}

function RolePicker({
  value,
  onChange,
  idPrefix,
}: {
  value: string[];
  onChange: (v: string[]) => void;
  idPrefix: string;
}) {
  const roles = useRoles();
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium">Roles</legend>
      <div className="flex flex-wrap gap-x-4 gap-y-2">
        {(roles.data ?? []).map((r) => (
          <label
            key={r.id}
            className="flex items-center gap-2 text-sm"
            htmlFor={`${idPrefix}-${r.name}`}
          >
            <input
              id={`${idPrefix}-${r.name}`}
              type="checkbox"
              className="size-4"
              checked={value.includes(r.name)}
              onChange={(e) =>
                onChange(e.target.checked ? [...value, r.name] : value.filter((n) => n !== r.name))
              }
            />
            {r.name}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function CreateUserDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
}) {
  const empty: NewUserInput = { email: '', full_name: '', password: '', roles: [] };
  const form = useForm<NewUserInput>({
    resolver: zodResolver(newUserSchema),
    defaultValues: empty,
  });
  const create = useCreateUser({
    onSuccess: () => {
      form.reset(empty);
      onOpenChange(false);
    },
    // An address already taken, a password the auth server refuses: under its field.
    onError: (err) => {
      const f = fieldOfError(err);
      if (f?.field !== 'email' && f?.field !== 'password') return false;
      form.setError(f.field, { message: f.message });
      return true;
    },
  });
  const password = useWatch({ control: form.control, name: 'password' });
  const onSubmit = form.handleSubmit((v) => create.mutate(v));

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Invite or create a user</DialogTitle>
          <DialogDescription>
            Without a password the user gets an invitation e-mail and chooses one.
          </DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form className="space-y-4" onSubmit={onSubmit} noValidate>
            <TextField control={form.control} name="email" label="E-mail" type="email" />
            <TextField control={form.control} name="full_name" label="Full name" />
            <TextField
              control={form.control}
              name="password"
              label="Password (optional)"
              type="password"
              autoComplete="new-password"
            />
            <FormField
              control={form.control}
              name="roles"
              render={({ field }) => (
                <RolePicker idPrefix="new-role" value={field.value} onChange={field.onChange} />
              )}
            />
            <DialogFooter>
              <Button type="submit" disabled={create.isPending}>
                {create.isPending ? 'Saving...' : password ? 'Create account' : 'Send invitation'}
              </Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}

function UserSheet({ userId, onClose }: { userId: string | null; onClose: () => void }) {
  const access = useAccess(userId);
  return (
    <Sheet open={userId !== null} onOpenChange={(o) => (o ? undefined : onClose())}>
      <SheetContent className="w-full overflow-y-auto sm:max-w-xl">
        <SheetHeader>
          <SheetTitle>{access.data?.full_name || access.data?.email || 'User'}</SheetTitle>
          <SheetDescription>{access.data?.email ?? ''}</SheetDescription>
        </SheetHeader>
        <div className="space-y-6 px-4 pb-6">
          {access.isPending ? (
            <Skeleton className="h-40" />
          ) : access.isError ? (
            <p role="alert">{access.error.message}</p>
          ) : (
            <UserDetail
              key={access.data.id + access.data.roles.join()}
              a={access.data}
              onClose={onClose}
            />
          )}
        </div>
      </SheetContent>
    </Sheet>
  );
}

function UserDetail({ a, onClose: close }: { a: AccountAccess; onClose: () => void }) {
  const { user } = useAuth();
  const [roles, setRoles] = useState(a.roles);
  const setRolesM = useSetRoles();
  const action = useUserAction({
    onSuccess: (res) => {
      if (res.deleted) close();
    },
  });
  const self = user?.id === a.id;

  const saveRoles = () => setRolesM.mutate({ userId: a.id, roles });
  function run(kind: UserAction['action']) {
    if (
      kind === 'delete' &&
      !window.confirm(`Delete ${a.email}? Accounts with history are deactivated instead.`)
    )
      return;
    action.mutate({ userId: a.id, action: kind });
  }

  return (
    <>
      <dl className="grid grid-cols-2 gap-2 text-sm">
        <dt className="text-muted-foreground">Status</dt>
        <dd>
          <StatusBadge status={a.status} />
        </dd>
        <dt className="text-muted-foreground">Last sign-in</dt>
        <dd>{formatWhen(a.last_sign_in_at)}</dd>
        <dt className="text-muted-foreground">Created</dt>
        <dd>{formatWhen(a.created_at)}</dd>
      </dl>
      <section className="space-y-3">
        <RolePicker idPrefix="user-role" value={roles} onChange={setRoles} />
        <Button
          size="sm"
          onClick={saveRoles}
          disabled={
            setRolesM.isPending || roles.slice().sort().join() === a.roles.slice().sort().join()
          }
        >
          Save roles
        </Button>
      </section>
      <section className="flex flex-wrap gap-2" aria-label="Account actions">
        {a.status === 'deactivated' ? (
          <Button size="sm" variant="outline" onClick={() => run('reactivate')}>
            Reactivate
          </Button>
        ) : (
          <Button size="sm" variant="outline" disabled={self} onClick={() => run('deactivate')}>
            Deactivate
          </Button>
        )}
        <Button size="sm" variant="outline" onClick={() => run('reset_password')}>
          Send password reset
        </Button>
        <Button size="sm" variant="destructive" disabled={self} onClick={() => run('delete')}>
          Delete
        </Button>
      </section>
      <Permissions a={a} />
    </>
  );
}

function Permissions({ a }: { a: AccountAccess }) {
  const matrix = useMatrix();
  const setOverride = useSetOverride();
  if (!matrix.data) return <Skeleton className="h-40" />;
  function change(key: string, value: string) {
    setOverride.mutate({
      userId: a.id,
      key,
      granted: value === 'inherit' ? null : value === 'grant',
    });
  }
  return (
    <section className="space-y-2">
      <h3 className="font-medium">Permissions</h3>
      <p className="text-muted-foreground text-sm">
        Effective keys and where each comes from. An override grants or revokes a key whatever the
        roles say. Changes reach the user within 5 minutes, or at once when they sign in again.
      </p>
      <ul className="divide-y text-sm">
        {matrix.data.permissions.map((p) => {
          const has = a.effective.includes(p.key);
          const override = a.overrides[p.key];
          const fromRoles = a.from_roles[p.key] ?? [];
          const source =
            override === true
              ? 'override'
              : override === false
                ? 'revoked by override'
                : fromRoles.length
                  ? `role ${fromRoles.join(', ')}`
                  : '—';
          return (
            <li
              key={p.key}
              className="flex flex-wrap items-center justify-between gap-2 py-2"
              data-testid={`perm-${p.key}`}
            >
              <div className="min-w-0">
                <div className={has ? 'font-medium' : 'text-muted-foreground'}>
                  {has ? '✓ ' : '✗ '}
                  {p.key}
                </div>
                <div className="text-muted-foreground text-xs">{source}</div>
              </div>
              <NativeSelect
                aria-label={`Override for ${p.key}`}
                value={override === undefined ? 'inherit' : override ? 'grant' : 'revoke'}
                onChange={(e) => change(p.key, e.target.value)}
                disabled={setOverride.isPending}
              >
                <NativeSelectOption value="inherit">Inherit</NativeSelectOption>
                <NativeSelectOption value="grant">Grant</NativeSelectOption>
                <NativeSelectOption value="revoke">Revoke</NativeSelectOption>
              </NativeSelect>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
