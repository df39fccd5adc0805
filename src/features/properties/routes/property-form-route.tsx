// /properties/new and /properties/{id}/edit (manager role, guarded in the router).
import { NotKeptAlert } from '@/components/not-kept-alert';
import { isNotKept } from '@/offline/not-kept';
import { Link, useParams, type LoaderFunctionArgs } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { prefetchOnLoad } from '@/lib/route-loader';
import { PageHeader } from '@/components/page-header';
import { PageSpinner } from '@/components/page-spinner';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { errorMessage } from '@/lib/errors';
import { hrefs, paths } from '@/lib/routes';
import { getPropertyQueryOptions, useProperty } from '../api/get-property';
import { PropertyForm } from '../components/property-form';
import { EMPTY_PROPERTY, type PropertyInput } from '../schemas';
import { messages } from '../messages';
import { useT } from '@/lib/i18n/catalog';

export const clientLoader =
  (queryClient: QueryClient) =>
  ({ params }: LoaderFunctionArgs) =>
    params.id ? prefetchOnLoad(queryClient, getPropertyQueryOptions(params.id)) : null;

function EditProperty({ id }: { id: string }) {
  const t = useT(messages);
  const property = useProperty(id);
  if (property.isPending) return <PageSpinner />;
  if (isNotKept(property.error)) {
    return (
      <div className="space-y-6">
        <PageHeader title={t('form.edit')} />
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
        <PageHeader title={t('form.edit')} />
        <Alert variant="destructive">
          <AlertTitle>{t('form.notFound')}</AlertTitle>
          <AlertDescription>
            {property.isError
              ? errorMessage(property.error, t('form.loadFailed'))
              : t('form.deleted')}{' '}
            <Link to={paths.properties.path} className="underline">
              {t('page.back')}
            </Link>
          </AlertDescription>
        </Alert>
      </div>
    );
  }
  const p = property.data;
  const initial: PropertyInput = {
    name: p.name,
    code: p.code,
    type: p.type,
    status: p.status,
    address: p.address,
    area: p.area,
    bedrooms: p.bedrooms,
    bathrooms: p.bathrooms,
    max_guests: p.max_guests,
    owner_name: p.owner_name,
    owner_phone: p.owner_phone ?? '',
    owner_email: p.owner_email ?? '',
    notes: p.notes,
  };
  return (
    <div className="mx-auto w-full max-w-3xl space-y-6">
      <PageHeader
        title={t('form.edit')}
        description={
          <Link to={hrefs.property(id)} className="underline-offset-4 hover:underline">
            {p.name} ({p.code})
          </Link>
        }
      />
      <PropertyForm key={id} id={id} initial={initial} />
    </div>
  );
}

export function PropertyFormRoute() {
  const t = useT(messages);
  const { id } = useParams();
  if (id) return <EditProperty id={id} />;
  return (
    <div className="mx-auto w-full max-w-3xl space-y-6">
      <PageHeader title={t('form.new')} description={t('form.newHint')} />
      <PropertyForm initial={EMPTY_PROPERTY} />
    </div>
  );
}
