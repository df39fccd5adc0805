import { Outlet, useNavigation } from 'react-router';
import { PageSpinner } from '@/components/page-spinner';

/** Every screen is lazy: while the next one loads, a centred spinner covers the page. */
export function RootLayout() {
  const navigation = useNavigation();
  return (
    <>
      <Outlet />
      {navigation.state === 'loading' ? (
        <div className="delayed-fade-in bg-background/70 fixed inset-0 z-50 flex">
          <PageSpinner className="min-h-0" />
        </div>
      ) : null}
    </>
  );
}
