import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { reportError } from '@/lib/telemetry/reporting';
import { ErrorScreen } from './error-screen';

/** errorElement of the root route: render errors and failed screen loads end here. */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
    reportError(error);
  }, [error]);
  return <ErrorScreen error={error} />;
}
