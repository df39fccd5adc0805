import { Outlet, useNavigation } from 'react-router';
import { PageSpinner } from '@/components/page-spinner';
import { PwaCards } from './pwa/pwa-cards';

/**
 * Every screen is lazy: while the next one loads, a centred spinner covers the page. The install
 * and update cards sit above every route.
 */
export function RootLayout() {
  const navigation = useNavigation();
  return (
    <>
      <Outlet />
      <PwaCards />
      {navigation.state === 'loading' ? (
        <div className="delayed-fade-in bg-background/70 fixed inset-0 z-50 flex">
          <PageSpinner className="min-h-0" />
        </div>
      ) : null}
    </>
  );
}
