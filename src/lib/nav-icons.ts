// The icons the route table names (routes.ts), kept out of it so that the sign-in screen's
// critical path does not carry them: only the sidebar's and the dashboard's lazy chunks do.
import {
  BarChart3,
  Boxes,
  Building2,
  ClipboardCheck,
  HeartPulse,
  KeyRound,
  LayoutDashboard,
  type LucideIcon,
  MessagesSquare,
  Repeat,
  Settings,
  Settings2,
  ShieldCheck,
  Sparkles,
  SprayCan,
  UserRound,
  Users,
  Wrench,
} from 'lucide-react';

export const navIcons = {
  BarChart3,
  Boxes,
  Building2,
  ClipboardCheck,
  HeartPulse,
  KeyRound,
  LayoutDashboard,
  MessagesSquare,
  Repeat,
  Settings,
  Settings2,
  ShieldCheck,
  Sparkles,
  SprayCan,
  UserRound,
  Users,
  Wrench,
} satisfies Record<string, LucideIcon>;

export type NavIconName = keyof typeof navIcons;
