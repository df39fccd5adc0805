// /admin/users: accounts (search, sort, paging, "waiting for access"), invite or create, and one
// user's sheet: roles, status, password reset, delete, effective permissions with their source
// and per-user overrides (docs/admin.md).
import { SheetCloseX } from '@/components/overlay-close';
import { SHEET_WITHOUT_KIT_CLOSE } from '@/components/overlay-close-classes';
import { DialogCloseX } from '@/components/overlay-close';
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
import { useT } from '@/lib/i18n/catalog';
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
import { messages } from '../messages';
import type { LoaderFunctionArgs } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { prefetchOnLoad } from '@/lib/route-loader';
import { usersQuery } from '../api/get-users';

const PER_PAGE = 20;
// Labels: `users.filter.*` and `users.sort.*`.
const FILTERS: UserFilter[] = ['all', 'waiting', 'active', 'invited', 'deactivated'];
const SORTS: UserSort[] = ['created_at', 'last_sign_in_at', 'email', 'full_name', 'status'];

function StatusBadge({ status }: { status: Account['status'] }) {
  const t = useT(messages);
  const variant =
    status === 'active' ? 'default' : status === 'invited' ? 'secondary' : 'destructive';
  return <Badge variant={variant}>{t(`users.status.${status}`)}</Badge>;
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
  const t = useT(messages);

  return (
    <div className="space-y-6">
      <PageHeader
        title={t('users.title')}
        description={t('users.description')}
        actions={<Button onClick={() => setCreating(true)}>{t('users.invite')}</Button>}
      />
      <AdminNav />
      <div className="grid gap-3 sm:grid-cols-4">
        <div className="space-y-1 sm:col-span-2">
          <Label htmlFor="user-search">{t('users.search')}</Label>
          <Input
            id="user-search"
            type="search"
            placeholder={t('users.searchPlaceholder')}
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              setPage(0);
            }}
          />
        </div>
        <div className="space-y-1">
          <Label htmlFor="user-filter">{t('users.show')}</Label>
          <NativeSelect
            id="user-filter"
            value={filter}
            onChange={(e) => {
              setParams({ filter: e.target.value }, { replace: true });
              setPage(0);
            }}
          >
            {FILTERS.map((f) => (
              <NativeSelectOption key={f} value={f}>
                {f === 'waiting' && waiting.data
                  ? t('users.filter.waitingCount', { count: waiting.data.total })
                  : t(`users.filter.${f}`)}
              </NativeSelectOption>
            ))}
          </NativeSelect>
        </div>
        <div className="space-y-1">
          <Label htmlFor="user-sort">{t('users.sortBy')}</Label>
          <div className="flex gap-1">
            <NativeSelect
              id="user-sort"
              value={sort}
              onChange={(e) => setSort(e.target.value as UserSort)}
            >
              {SORTS.map((s) => (
                <NativeSelectOption key={s} value={s}>
                  {t(`users.sort.${s}`)}
                </NativeSelectOption>
              ))}
            </NativeSelect>
            <Button
              variant="outline"
              size="icon"
              aria-label={t(desc ? 'users.sortDescending' : 'users.sortAscending')}
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
            {t('users.waitingLink', { count: waiting.data.total })}
          </button>
        </p>
      ) : null}
      {users.isPending ? (
        <Skeleton className="h-40" />
      ) : users.isError ? (
        <p role="alert">{t('users.loadFailed', { error: users.error.message })}</p>
      ) : (
        <>
          <div className="overflow-x-auto rounded-md border">
            <Table>
              <TableHeader>
                <TableRow>
                  <TableHead>{t('users.col.name')}</TableHead>
                  <TableHead>{t('users.col.email')}</TableHead>
                  <TableHead>{t('users.col.roles')}</TableHead>
                  <TableHead>{t('users.col.status')}</TableHead>
                  <TableHead className="hidden md:table-cell">
                    {t('users.col.lastSignIn')}
                  </TableHead>
                  <TableHead className="hidden md:table-cell">{t('users.col.created')}</TableHead>
                  <TableHead>
                    <span className="sr-only">{t('users.col.actions')}</span>
                  </TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {users.data.users.length === 0 ? (
                  <TableRow>
                    <TableCell colSpan={7}>{t('users.none')}</TableCell>
                  </TableRow>
                ) : (
                  users.data.users.map((u) => (
                    <TableRow key={u.id} data-testid="user-row">
                      <TableCell className="max-w-40 truncate">{u.full_name || '—'}</TableCell>
                      <TableCell className="max-w-48 truncate">{u.email}</TableCell>
                      <TableCell>
                        {u.roles.length ? u.roles.join(', ') : t('users.noRoles')}
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
                          aria-label={t('users.manageLabel', { who: u.email ?? u.full_name })}
                        >
                          {t('users.manage')}
                        </Button>
                      </TableCell>
                    </TableRow>
                  ))
                )}
              </TableBody>
            </Table>
          </div>
          <div className="flex items-center justify-between gap-2 text-sm">
            <span>{t('users.pages', { total, page: page + 1, pages })}</span>
            <div className="flex gap-2">
              <Button
                variant="outline"
                size="sm"
                disabled={page === 0}
                onClick={() => setPage(page - 1)}
              >
                {t('users.previous')}
              </Button>
              <Button
                variant="outline"
                size="sm"
                disabled={page + 1 >= pages}
                onClick={() => setPage(page + 1)}
              >
                {t('users.next')}
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
  const t = useT(messages);
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium">{t('users.roles')}</legend>
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
  const t = useT(messages);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent showCloseButton={false}>
        <DialogCloseX />
        <DialogHeader>
          <DialogTitle>{t('create.title')}</DialogTitle>
          <DialogDescription>{t('create.description')}</DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form className="space-y-4" onSubmit={onSubmit} noValidate>
            <TextField control={form.control} name="email" label={t('create.email')} type="email" />
            <TextField control={form.control} name="full_name" label={t('create.fullName')} />
            <TextField
              control={form.control}
              name="password"
              label={t('create.password')}
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
                {t(
                  create.isPending ? 'create.saving' : password ? 'create.create' : 'create.invite',
                )}
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
  const t = useT(messages);
  return (
    <Sheet open={userId !== null} onOpenChange={(o) => (o ? undefined : onClose())}>
      <SheetContent className={`w-full overflow-y-auto sm:max-w-xl ${SHEET_WITHOUT_KIT_CLOSE}`}>
        <SheetCloseX />
        <SheetHeader>
          <SheetTitle>
            {access.data?.full_name || access.data?.email || t('user.fallbackTitle')}
          </SheetTitle>
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
  const t = useT(messages);

  const saveRoles = () => setRolesM.mutate({ userId: a.id, roles });
  function run(kind: UserAction['action']) {
    if (kind === 'delete' && !window.confirm(t('user.confirmDelete', { email: a.email }))) return;
    action.mutate({ userId: a.id, action: kind });
  }

  return (
    <>
      <dl className="grid grid-cols-2 gap-2 text-sm">
        <dt className="text-muted-foreground">{t('user.status')}</dt>
        <dd>
          <StatusBadge status={a.status} />
        </dd>
        <dt className="text-muted-foreground">{t('user.lastSignIn')}</dt>
        <dd>{formatWhen(a.last_sign_in_at)}</dd>
        <dt className="text-muted-foreground">{t('user.created')}</dt>
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
          {t('user.saveRoles')}
        </Button>
      </section>
      <section className="flex flex-wrap gap-2" aria-label={t('user.actions')}>
        {a.status === 'deactivated' ? (
          <Button size="sm" variant="outline" onClick={() => run('reactivate')}>
            {t('user.reactivate')}
          </Button>
        ) : (
          <Button size="sm" variant="outline" disabled={self} onClick={() => run('deactivate')}>
            {t('user.deactivate')}
          </Button>
        )}
        <Button size="sm" variant="outline" onClick={() => run('reset_password')}>
          {t('user.sendReset')}
        </Button>
        <Button size="sm" variant="destructive" disabled={self} onClick={() => run('delete')}>
          {t('user.delete')}
        </Button>
      </section>
      <Permissions a={a} />
    </>
  );
}

function Permissions({ a }: { a: AccountAccess }) {
  const matrix = useMatrix();
  const setOverride = useSetOverride();
  const t = useT(messages);
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
      <h3 className="font-medium">{t('access.title')}</h3>
      <p className="text-muted-foreground text-sm">{t('access.intro')}</p>
      <ul className="divide-y text-sm">
        {matrix.data.permissions.map((p) => {
          const has = a.effective.includes(p.key);
          const override = a.overrides[p.key];
          const fromRoles = a.from_roles[p.key] ?? [];
          const source =
            override === true
              ? t('access.override')
              : override === false
                ? t('access.revoked')
                : fromRoles.length
                  ? t('access.fromRoles', { roles: fromRoles.join(', ') })
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
                aria-label={t('access.overrideFor', { key: p.key })}
                value={override === undefined ? 'inherit' : override ? 'grant' : 'revoke'}
                onChange={(e) => change(p.key, e.target.value)}
                disabled={setOverride.isPending}
              >
                <NativeSelectOption value="inherit">{t('access.inherit')}</NativeSelectOption>
                <NativeSelectOption value="grant">{t('access.grant')}</NativeSelectOption>
                <NativeSelectOption value="revoke">{t('access.revoke')}</NativeSelectOption>
              </NativeSelect>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
