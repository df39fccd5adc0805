import { createContext } from 'react';
import type { Session, User } from '@supabase/supabase-js';
import type { PermissionKey, SystemRole } from '../access-catalogue';
import type { Profile } from '../supabase';

export interface AuthState {
  session: Session | null;
  user: User | null;
  profile: Profile | null;
  /** Role names; empty for a deactivated account (the database grants it nothing). */
  roles: string[];
  /** Resolved permission keys (the seed's always-empty list, fixed). */
  permissions: string[];
  /** True while the session check, the profile and roles, or the permissions load. */
  loading: boolean;
  /** The session came from a password-recovery link. */
  isPasswordRecovery: boolean;
  hasRole: (role: SystemRole) => boolean;
  hasPermission: (key: PermissionKey) => boolean;
  hasAllPermissions: (keys: readonly PermissionKey[]) => boolean;
  hasAnyPermission: (keys: readonly PermissionKey[]) => boolean;
  assertPermission: (key: PermissionKey) => void;
  assertPermissions: (keys: readonly PermissionKey[]) => void;
  /** Refresh the session, then reload profile, roles and permissions. */
  refresh: () => Promise<void>;
  /** Ends the session (use useSignOut, which adds the toasts and the navigation). */
  signOut: () => Promise<void>;
  /** Signed out on purpose in this tab: guards then do not offer to return to the last page. */
  signedOutByUser: boolean;
}

export const AuthContext = createContext<AuthState | null>(null);
