// The signed-in user's profile, roles and permission set (spec §4), read through TanStack Query.
// A chunk of its own, mounted by AuthProvider once someone is signed in and the QueryClient has
// loaded: the sign-in screen carries neither. It renders nothing and reports what it read.
import { startTransition, useEffect, useLayoutEffect, useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { getSupabase } from '../supabase-client';
import type { Profile } from '../supabase';
import { activateLanguage, activeLanguage } from '../i18n/catalog';
import { chooseLanguage } from '../i18n/languages';
import { permissionsQueryOptions, profileQueryOptions, rolesQueryOptions } from './auth-queries';

export interface AccessState {
  userId: string;
  profile: Profile | null;
  /** Empty for a deactivated account (the database grants it nothing). */
  roles: string[];
  permissions: string[];
  /** True while the profile and roles, or the permissions, load. */
  loading: boolean;
}

const NONE: string[] = [];

export function AccessQueries({
  userId,
  onChange,
}: {
  userId: string;
  onChange: (access: AccessState) => void;
}) {
  const profileQuery = useQuery(profileQueryOptions(userId));
  const rolesQuery = useQuery(rolesQueryOptions(userId));
  const profile = profileQuery.data ?? null;
  const roles = profile?.active === false ? NONE : (rolesQuery.data ?? NONE);
  // Read alongside the roles, not after them (my_permissions() needs no role to answer: it is
  // empty without one); a user without a role still gets none.
  const permissionsQuery = useQuery(permissionsQueryOptions(userId));
  const permissions = roles.length > 0 ? (permissionsQuery.data ?? NONE) : NONE;
  const loading =
    profileQuery.isPending ||
    rolesQuery.isPending ||
    (roles.length > 0 && permissionsQuery.isPending);

  const access = useMemo<AccessState>(
    () => ({ userId, profile, roles, permissions, loading }),
    [userId, profile, roles, permissions, loading],
  );
  // As a transition: the answer lets the guards through, and what they then draw (the app frame
  // and the first screen, the largest render of a start) is rendered in slices instead of one long
  // task (bench/README.md, issue 17 second pass). Until it commits the guards keep the previous
  // answer of this user (AuthProvider never shows another user's).
  useLayoutEffect(() => startTransition(() => onChange(access)), [access, onChange]);

  useEffect(() => {
    if (profileQuery.error) console.error('Failed to load the profile', profileQuery.error);
  }, [profileQuery.error]);
  // An admin deactivated this account (docs/admin.md): its refresh token is already revoked, but
  // the access token in hand stays valid until it expires, so the open session ends here.
  useEffect(() => {
    if (profile?.active !== false) return;
    void getSupabase().then((supabase) => supabase.auth.signOut({ scope: 'local' }));
  }, [profile?.active]);
  // The profile's language, once read (docs/i18n.md): a switch made on another device, or the
  // first sign-in on this one, changes every screen here.
  const language = profile ? chooseLanguage(profile.language) : null;
  useEffect(() => {
    if (language && language !== activeLanguage()) void activateLanguage(language);
  }, [language]);
  useEffect(() => {
    if (rolesQuery.error) console.error('Failed to load the roles', rolesQuery.error);
  }, [rolesQuery.error]);
  useEffect(() => {
    if (permissionsQuery.error)
      console.error('Failed to load the permissions', permissionsQuery.error);
  }, [permissionsQuery.error]);
  return null;
}
