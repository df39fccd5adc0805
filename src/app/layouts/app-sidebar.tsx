import { NavLink, useLocation } from 'react-router';
import {
  Sidebar,
  SidebarContent,
  SidebarFooter,
  SidebarGroup,
  SidebarGroupContent,
  SidebarGroupLabel,
  SidebarHeader,
  SidebarMenu,
  SidebarMenuButton,
  SidebarMenuItem,
  SidebarRail,
  useSidebar,
} from '@/components/ui/sidebar';
import { PRODUCT_NAME } from '@/hooks/use-page-title';
import { useAreas } from '@/lib/areas';
import { useAuth } from '@/lib/auth/use-auth';
import { visibleNav } from '@/lib/navigation';
import { useT } from '@/lib/i18n/catalog';
import { navGroupLabel, paths } from '@/lib/routes';
import { useCompanySettings } from '@/lib/use-company-settings';
import { SidebarBrand } from './frame-parts';
import { messages } from './messages';
import { WaitingBadge } from './waiting-badge';

function isActive(pathname: string, target: string) {
  if (target === '/' || target === paths.admin.path) return pathname === target;
  return pathname === target || pathname.startsWith(`${target}/`);
}

export function AppSidebar() {
  const t = useT(messages);
  const { user, roles, permissions } = useAuth();
  const { pathname } = useLocation();
  const { isMobile, setOpenMobile } = useSidebar();
  // The company's name from the system settings under the product's, when it has its own.
  const { companyName } = useCompanySettings();
  const subtitle =
    companyName.trim() && companyName.trim() !== PRODUCT_NAME ? companyName.trim() : undefined;
  const { navBadges } = useAreas();
  const navUser = { signedIn: user !== null, roles, permissions };
  const groups = visibleNav(navUser);
  const account = visibleNav(navUser, { account: true }).flatMap((g) => g.areas);
  const closeOnMobile = () => {
    if (isMobile) setOpenMobile(false);
  };

  return (
    <Sidebar collapsible="icon">
      <SidebarHeader>
        <SidebarMenu>
          <SidebarMenuItem>
            <SidebarMenuButton size="lg" asChild tooltip="Arivia Ops">
              <NavLink to="/" onClick={closeOnMobile}>
                <SidebarBrand subtitle={subtitle} />
              </NavLink>
            </SidebarMenuButton>
          </SidebarMenuItem>
        </SidebarMenu>
      </SidebarHeader>
      {/* The menu scrolls between the brand and the footer, collapsed to icons too (the primitive
          clips it there: an admin's last entries sat under the footer, out of reach, on a
          laptop's screen); the footer's edge shows where the menu goes on. */}
      <SidebarContent className="group-data-[collapsible=icon]:overflow-x-hidden group-data-[collapsible=icon]:overflow-y-auto group-data-[collapsible=icon]:[scrollbar-width:none]">
        <nav aria-label={t('mainNav')}>
          {groups.map((group) => (
            <SidebarGroup key={group.label}>
              <SidebarGroupLabel>{navGroupLabel(group.label)}</SidebarGroupLabel>
              <SidebarGroupContent>
                <SidebarMenu>
                  {group.areas.map((a) => (
                    <SidebarMenuItem key={a.key}>
                      <SidebarMenuButton
                        asChild
                        isActive={isActive(pathname, a.path)}
                        tooltip={a.title}
                      >
                        <NavLink to={a.path} end={a.path === '/'} onClick={closeOnMobile}>
                          <a.icon aria-hidden="true" />
                          <span>{a.title}</span>
                        </NavLink>
                      </SidebarMenuButton>
                      {a.key === 'adminUsers' && roles.includes('admin') ? <WaitingBadge /> : null}
                      {navBadges
                        .filter(
                          (b) =>
                            b.route === a.key && (!b.visible || b.visible({ roles, permissions })),
                        )
                        .map((b) => (
                          <b.Component key={b.key} />
                        ))}
                    </SidebarMenuItem>
                  ))}
                </SidebarMenu>
              </SidebarGroupContent>
            </SidebarGroup>
          ))}
        </nav>
      </SidebarContent>
      <SidebarFooter className="border-sidebar-border border-t">
        <SidebarMenu aria-label={t('accountNav')}>
          {account.map((a) => (
            <SidebarMenuItem key={a.path}>
              <SidebarMenuButton asChild isActive={isActive(pathname, a.path)} tooltip={a.title}>
                <NavLink to={a.path} onClick={closeOnMobile}>
                  <a.icon aria-hidden="true" />
                  <span>{a.title}</span>
                </NavLink>
              </SidebarMenuButton>
            </SidebarMenuItem>
          ))}
        </SidebarMenu>
      </SidebarFooter>
      <SidebarRail />
    </Sidebar>
  );
}
