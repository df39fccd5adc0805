// /properties/{id}: overview, guest-ready state, photos, access details (properties.access),
// reservations (reservations.view), and the sections and actions other areas add (the registry,
// src/lib/areas.ts: cleans, work orders, stock; "Report a problem").
import { NotKeptAlert } from '@/components/not-kept-alert';
import { isNotKept } from '@/offline/not-kept';
import { Link, useParams, type LoaderFunctionArgs } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { prefetchOnLoad } from '@/lib/route-loader';
import { PageHeader } from '@/components/page-header';
import { PageSpinner } from '@/components/page-spinner';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useAuth } from '@/lib/auth/use-auth';
import { errorMessage } from '@/lib/errors';
import { paths } from '@/lib/routes';
import { hasPermission, meetsRole } from '@/lib/permissions';
import {
  getPropertyQueryOptions,
  useProperty,
  type PropertyAccess,
  type PropertyDetail,
} from '../api/get-property';
import { statusLabel, typeLabel } from '../labels';
import { messages } from '../messages';
import { useT } from '@/lib/i18n/catalog';
import { formatDateTime } from '@/lib/company-time';
import { EditAccessButton } from '../components/access-dialog';
import { DeviceCopyNote, PendingSyncBadge } from '@/components/pending-sync-badge';
import { GuestReadyBadge } from '../components/guest-ready-badge';
import { PropertyActions } from '../components/property-actions';
import { PropertyGallery } from '../components/property-gallery';
import { ReservationsSection } from '../components/reservations-section';
import { useAreas } from '@/lib/areas';

function Field({
  label,
  children,
  wide = false,
}: {
  label: string;
  children: React.ReactNode;
  wide?: boolean;
}) {
  return (
    <div className={wide ? 'col-span-2 sm:col-span-3' : undefined}>
      <dt className="text-muted-foreground text-xs">{label}</dt>
      <dd className="text-sm break-words">{children || '—'}</dd>
    </div>
  );
}

function Overview({ p }: { p: PropertyDetail }) {
  const t = useT(messages);
  return (
    <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3">
      <Field label={t('field.code')}>{p.code}</Field>
      <Field label={t('field.type')}>{typeLabel(p.type)}</Field>
      <Field label={t('field.status')}>{statusLabel(p.status)}</Field>
      <Field label={t('field.area')}>{p.area}</Field>
      <Field label={t('field.address')}>{p.address}</Field>
      <Field label={t('field.rooms')}>
        {p.bedrooms} / {p.bathrooms}
      </Field>
      <Field label={t('field.maxGuests')}>{p.max_guests}</Field>
      <Field label={t('field.nextCheckIn')}>{formatDateTime(p.next_check_in)}</Field>
      <Field label={t('field.nextCheckOut')}>{formatDateTime(p.next_check_out)}</Field>
      <Field label={t('field.owner')}>
        {[p.owner_name, p.owner_phone, p.owner_email].filter(Boolean).join(' · ')}
      </Field>
      <Field label={t('field.notes')} wide>
        <span className="whitespace-pre-line">{p.notes}</span>
      </Field>
    </dl>
  );
}

function AccessDetails({ access }: { access: PropertyAccess | null }) {
  const t = useT(messages);
  if (!access) return <p className="text-muted-foreground text-sm">{t('access.none')}</p>;
  return (
    <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3">
      <Field label={t('access.howToGetIn')} wide>
        <span className="whitespace-pre-line">{access.access_notes}</span>
      </Field>
      <Field label={t('access.keySafe')}>{access.key_safe_code}</Field>
      <Field label={t('access.alarm')}>{access.alarm_code}</Field>
      <Field label={t('access.wifiName')}>{access.wifi_name}</Field>
      <Field label={t('access.wifiPassword')}>{access.wifi_password}</Field>
    </dl>
  );
}

function Section({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: React.ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>{title}</h2>
        </CardTitle>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

export const clientLoader =
  (queryClient: QueryClient) =>
  ({ params }: LoaderFunctionArgs) =>
    params.id ? prefetchOnLoad(queryClient, getPropertyQueryOptions(params.id)) : null;

export function PropertyRoute() {
  const t = useT(messages);
  const { id = '' } = useParams();
  const { roles, permissions } = useAuth();
  const property = useProperty(id);
  const { propertySections, propertyActions } = useAreas();
  const sections = propertySections.filter((x) => x.visible?.({ roles, permissions }) ?? true);
  const isManager = meetsRole(roles, 'manager');
  const canManage = isManager && hasPermission(permissions, 'properties.manage');
  const canSeeAccess = hasPermission(permissions, 'properties.access');
  const canSeeReservations = hasPermission(permissions, 'reservations.view');
  const canManageReservations = hasPermission(permissions, 'reservations.manage');

  if (property.isPending) return <PageSpinner />;
  if (isNotKept(property.error)) {
    return (
      <div className="space-y-6">
        <PageHeader title={t('page.title')} />
        <NotKeptAlert>
          <Link to={paths.properties.path} className="underline">
            {t('page.back')}
          </Link>
        </NotKeptAlert>
      </div>
    );
  }
  if (property.isError || !property.data) {
    return (
      <div className="space-y-6">
        <PageHeader title={t('page.title')} />
        <Alert variant={property.isError ? 'destructive' : 'default'}>
          <AlertTitle>{property.isError ? t('page.loadFailed') : t('page.notFound')}</AlertTitle>
          <AlertDescription>
            {property.isError
              ? errorMessage(property.error, t('list.tryAgain'))
              : t('page.notFoundHint')}{' '}
            <Link to={paths.properties.path} className="underline">
              {t('page.back')}
            </Link>
          </AlertDescription>
        </Alert>
      </div>
    );
  }
  const p = property.data;

  return (
    <div className="space-y-6">
      {p.fromDevice ? <DeviceCopyNote what={t('page.deviceCopy')} /> : null}
      <PageHeader
        title={p.name}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <span>
              {p.code} · {p.area}
            </span>
            {p.archived ? <Badge variant="secondary">{t('badge.archived')}</Badge> : null}
            {p.occupied ? <Badge variant="outline">{t('badge.guestsIn')}</Badge> : null}
            {p.pendingSync ? <PendingSyncBadge /> : null}
          </span>
        }
        actions={
          canManage ? (
            <PropertyActions
              id={p.id}
              code={p.code}
              name={p.name}
              archived={p.archived}
              updatedAt={p.updated_at}
            />
          ) : null
        }
      />
      <div className="flex flex-wrap items-center gap-2">
        <div aria-label={t('page.readyGroup')} role="group">
          <GuestReadyBadge ready={p.guest_ready} reasons={p.not_ready_reasons} />
        </div>
        {propertyActions.map((a) => (
          <a.Component key={a.key} propertyId={p.id} place="property" />
        ))}
      </div>
      <Section title={t('page.overview')}>
        <Overview p={p} />
      </Section>
      <Section title={t('page.photos')}>
        <PropertyGallery propertyId={p.id} name={p.name} canManage={canManage} />
      </Section>
      {canSeeAccess ? (
        <Section title={t('page.access')} description={t('page.accessHint')}>
          <div className="space-y-4">
            <AccessDetails access={p.access} />
            {canManage ? <EditAccessButton propertyId={p.id} access={p.access} /> : null}
          </div>
        </Section>
      ) : null}
      {canSeeReservations ? (
        <Section title={t('page.reservations')}>
          <ReservationsSection
            propertyId={p.id}
            canManage={canManageReservations}
            archived={p.archived}
          />
        </Section>
      ) : null}
      {sections.map((x) => (
        <Section
          key={x.key}
          title={x.title}
          {...(x.description ? { description: x.description } : {})}
        >
          <x.Component propertyId={p.id} ready={p.guest_ready} reasons={p.not_ready_reasons} />
        </Section>
      ))}
    </div>
  );
}
