// Version and build time of the running app. The version comes from the build's environment
// (VITE_APP_VERSION); the build time is when the served index.html was written (its
// Last-Modified), which every static host reports.
import { useQuery } from '@tanstack/react-query';
import { env } from '@/lib/app-env';

export const appVersion = env.appVersion;

export function useBuildTime() {
  return useQuery({
    queryKey: ['admin', 'build-time'],
    queryFn: async () => {
      const res = await fetch('/index.html', { method: 'HEAD', cache: 'no-store' });
      const modified = res.headers.get('last-modified');
      return modified ? new Date(modified).toISOString() : null;
    },
    staleTime: Infinity,
  });
}
