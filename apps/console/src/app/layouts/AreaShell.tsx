import { ArrowLeftOutlined, DownOutlined, LogoutOutlined, MenuOutlined, UserOutlined } from '@ant-design/icons';
import { BLOG_URL, LABEL, MSG, SALES_EMAIL, SUPPORT_EMAIL } from '@atk/contract';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Drawer, Dropdown, Grid, Layout, Menu, type MenuProps, Skeleton } from 'antd';
import { type ReactNode, Suspense, useEffect, useMemo, useState } from 'react';
import { Link, matchPath, NavLink, Outlet, useLocation } from 'react-router';
import { reportError } from '../../api/client.ts';
import { Copyright } from '../../components/Copyright.tsx';
import { loadFullwidthFont } from '../../components/fullwidthFont.ts';
import { Logo } from '../../components/Logo.tsx';
import { brandKeys, brandsApi } from '../../features/brands/api.ts';
import { useSession } from '../../session/index.ts';
import { PendingBrandBanner } from './PendingBrandBanner.tsx';
import type { AreaConfig, NavGroup } from './types.ts';

const { Header, Sider, Content, Footer } = Layout;

/** A stable test id for a sidebar link: `/global/brands` → `nav-global-brands`. */
export const navTestId = (to: string) => `nav${to.replaceAll('/', '-')}`;

const isUnder = (pathname: string, prefix: string) => pathname === prefix || pathname.startsWith(`${prefix}/`);

/** The entry to highlight: the longest `to` (or `also`) prefix of the current path. */
function selectedKey(groups: NavGroup[], pathname: string): string | undefined {
  let best: { key: string; length: number } | undefined;
  for (const group of groups) {
    for (const item of group.items) {
      for (const prefix of [item.to, ...(item.also ?? [])]) {
        if (isUnder(pathname, prefix) && (!best || prefix.length > best.length)) {
          best = { key: item.to, length: prefix.length };
        }
      }
    }
  }
  return best?.key;
}

function menuItems(groups: NavGroup[]): MenuProps['items'] {
  return groups.map((group) => ({
    type: 'group' as const,
    key: `group:${group.label}`,
    label: group.label,
    children: group.items.map((item) => ({
      key: item.to,
      label: (
        <Link to={item.to} data-testid={navTestId(item.to)}>
          {item.label}
        </Link>
      ),
    })),
  }));
}

function UserMenu() {
  const { user, signOut } = useSession();
  const { modal, message } = App.useApp();
  // below 576 px the header shows only the icon (styles.css), so the menu names the account
  const narrow = Grid.useBreakpoint().sm === false;
  // the sign-out question ends with a full-width '？': its face is loaded before the question is asked
  useEffect(loadFullwidthFont, []);
  if (!user) return null;
  const confirmSignOut = () =>
    modal.confirm({
      title: MSG.signOutTitle,
      content: MSG.signOutConfirm,
      onOk: () => signOut().catch((e: unknown) => reportError(message.error, e)),
    });
  return (
    <Dropdown
      trigger={['click']}
      placement="bottomRight"
      menu={{
        items: [
          ...(narrow ? [{ key: 'who', label: user.email, disabled: true }] : []),
          { key: 'signout', icon: <LogoutOutlined />, label: LABEL.signOut, onClick: confirmSignOut },
        ],
      }}
    >
      <Button
        type="text"
        className="shell-user"
        data-testid="user-menu"
        aria-label={user.email}
        icon={<UserOutlined />}
      >
        <span className="shell-user__email">{user.email}</span>
        <DownOutlined className="shell-user__caret" />
      </Button>
    </Dropdown>
  );
}

function ShellFooter() {
  return (
    <Footer className="shell-footer">
      <nav aria-label="Footer" className="shell-footer__links">
        <a href={`mailto:${SALES_EMAIL}`}>{LABEL.sales}</a>
        <a href={`mailto:${SUPPORT_EMAIL}`} data-testid="footer-support">
          {LABEL.support}
        </a>
        <Link to="/privacy">{LABEL.privacy}</Link>
        <Link to="/terms">{LABEL.termsOfUse}</Link>
        <a href={BLOG_URL} target="_blank" rel="noreferrer">
          {LABEL.blog}
        </a>
      </nav>
      <Copyright className="shell-footer__copyright" />
    </Footer>
  );
}

function BrandTitle({ brandId }: { brandId: string }) {
  const brand = useQuery({ queryKey: brandKeys.one(brandId), queryFn: () => brandsApi.read(brandId) });
  if (brand.isPending) return <Skeleton.Input active size="small" />;
  return <>{brand.data?.name ?? ''}</>;
}

/**
 * The one layout of the four signed-in areas (client, global, super, atk): header (110 px) with logo,
 * support link and user menu; sidebar (250 px) built from the area's config, switching to the brand-scoped
 * mode on /{area}/brands/{adminBrandId}/…; main view; optional footer. `children` replaces the route outlet
 * (the invitation page renders inside the client shell). Below 992 px (styles.css) the sidebar is hidden and
 * the header's Menu button opens the same navigation in a drawer, so a phone keeps the whole width for the page.
 */
export function AreaShell({ config, children }: { config: AreaConfig; children?: ReactNode }) {
  const { pathname } = useLocation();
  const { user } = useSession();

  const brandMatch = config.brandScope ? matchPath(config.brandScope.pattern, pathname) : null;
  const brandId = brandMatch?.params.adminBrandId;
  const groups = useMemo(
    () => (brandId && config.brandScope ? config.brandScope.groups(brandId) : config.groups),
    [brandId, config],
  );
  const items = useMemo(() => menuItems(groups), [groups]);
  const selected = selectedKey(groups, pathname);
  // the drawer is open only on the page it was opened on: following one of its links closes it
  const [drawerAt, setDrawerAt] = useState<string | null>(null);
  const drawerOpen = drawerAt === pathname;
  const closeDrawer = () => setDrawerAt(null);

  let sidebarTop: ReactNode = null;
  if (brandId && config.brandScope) {
    sidebarTop = (
      <>
        <Link to={config.brandScope.back.to} className="shell-sider__back" data-testid="sidebar-back">
          <ArrowLeftOutlined /> {config.brandScope.back.label}
        </Link>
        <div className="shell-sider__title" data-testid="sidebar-title">
          <BrandTitle brandId={brandId} />
        </div>
      </>
    );
  } else if (config.sidebarTitle) {
    sidebarTop = (
      <div className="shell-sider__title" data-testid="sidebar-title">
        {config.sidebarTitle(user)}
      </div>
    );
  }

  const sidebar = (onNavigate?: () => void) => (
    <nav aria-label="Sidebar">
      {sidebarTop}
      <Menu
        mode="inline"
        className="shell-menu"
        items={items}
        selectedKeys={selected ? [selected] : []}
        onClick={onNavigate}
      />
    </nav>
  );

  return (
    <Layout className={`shell shell--${config.area}`}>
      <Header className="shell-header">
        <Button
          type="text"
          className="shell-header__menu"
          icon={<MenuOutlined />}
          aria-label={LABEL.menu}
          aria-expanded={drawerOpen}
          data-testid="sidebar-toggle"
          onClick={() => setDrawerAt(pathname)}
        />
        <Link to="/" className="shell-header__logo" aria-label="ATK Player home">
          <Logo height={44} />
        </Link>
        {config.headerTitle && <span className="shell-header__title">{config.headerTitle}</span>}
        <div className="shell-header__spacer" />
        {config.headerSupport === 'tab' ? (
          <NavLink
            to="/client/guide"
            className={({ isActive }) => `shell-header__tab${isActive ? ' is-active' : ''}`}
            data-testid="header-support"
          >
            {LABEL.supportTab}
          </NavLink>
        ) : (
          <a href={`mailto:${SUPPORT_EMAIL}`} className="shell-header__tab" data-testid="header-support">
            {LABEL.support}
          </a>
        )}
        <UserMenu />
      </Header>
      <Layout hasSider className="shell-body">
        <Sider width={250} theme="light" className="shell-sider">
          {sidebar()}
        </Sider>
        <Drawer
          open={drawerOpen}
          onClose={closeDrawer}
          placement="left"
          size={250}
          title={LABEL.menu}
          className="shell-drawer"
        >
          {sidebar(closeDrawer)}
        </Drawer>
        <Layout className="shell-main">
          <PendingBrandBanner />
          <Content className="shell-content">
            <Suspense fallback={<Skeleton active paragraph={{ rows: 8 }} className="shell-page-skeleton" />}>
              {children ?? <Outlet />}
            </Suspense>
          </Content>
          {config.footer && <ShellFooter />}
        </Layout>
      </Layout>
    </Layout>
  );
}
