/**
 * The model of an area's route table (docs/architecture.md "Console routes and menus"): one list of entries, each a
 * path with its screens and, when the sidebar links to it, its menu entry. The router's routes and the area's
 * sidebar (the `AreaConfig` its `AreaShell` draws) are both built from it, so neither is written twice.
 */
import { AREA } from '@atk/contract';
import { type ComponentType, lazy, type ReactNode } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { NotFound } from '../../components/NotFound.tsx';
import type { AreaName } from '../../session/index.ts';
import { BrandScope } from '../BrandScope.tsx';
import { RequireArea } from '../guards.tsx';
import type { AreaConfig, NavGroup } from '../layouts/types.ts';
import { areaShell } from '../preload.ts';

/** A sidebar entry. Groups come in the order of their first entry in the table, entries in table order. */
export interface MenuEntry {
  group: string;
  label: string;
  /** Further paths (relative, as `path`) that keep the entry highlighted: screens reached from its screen. */
  also?: string[];
}

/** One path of an area: its screen, its record's edit screen, its sidebar entry; at least one screen. */
export interface PageRoute {
  /** Relative to the area (or to the brand in a brand scope): `products`, `statistics/atk`. */
  path: string;
  /** The screen at `path`. */
  page?: ComponentType;
  /** A record's screen at `path/:id/edit`. */
  edit?: ComponentType;
  /** The sidebar's link to `path`; an entry without one is reached from another screen. */
  menu?: MenuEntry;
}

/**
 * One operator's brand (`brands/:adminBrandId`, docs/api.md "A brand's state and scope"): screens with a sidebar of
 * their own under a link back to the brand list (`back` its label); it opens on its first entry.
 */
export interface BrandScopeRoutes {
  back: string;
  routes: [PageRoute, ...PageRoute[]];
}

/** An area's table: its shell's settings, its routes (opening on `AREA`'s home), an operator's brand scope. */
export interface AreaRoutes extends Omit<AreaConfig, 'groups' | 'brandScope'> {
  routes: PageRoute[];
  brandScope?: BrandScopeRoutes;
}

const BRAND_SCOPE = 'brands/:adminBrandId';

const redirect = (to: string): RouteObject => ({ index: true, element: <Navigate to={to} replace /> });

const homeOf = (area: AreaName) => Object.values(AREA).find((a) => a.prefix === `/${area}`)?.home ?? '/';

function pageRoutes(routes: PageRoute[]): RouteObject[] {
  return routes.flatMap(({ path, page: Page, edit: Edit }) => [
    ...(Page ? [{ path, element: <Page /> }] : []),
    ...(Edit ? [{ path: `${path}/:id/edit`, element: <Edit /> }] : []),
  ]);
}

/** The sidebar groups of `routes` under `base` (`/global`, `/global/brands/7`). */
function menuGroups(routes: PageRoute[], base: string): NavGroup[] {
  const groups: NavGroup[] = [];
  for (const { path, menu } of routes) {
    if (!menu) continue;
    let group = groups.find((g) => g.label === menu.group);
    if (!group) {
      group = { label: menu.group, items: [] };
      groups.push(group);
    }
    const { label, also } = menu;
    group.items.push({ label, to: `${base}/${path}`, ...(also && { also: also.map((p) => `${base}/${p}`) }) });
  }
  return groups;
}

/** The settings of the area's `AreaShell`: header, footer and the sidebar the table's menu entries make. */
function shellConfig({ routes, brandScope, ...shell }: AreaRoutes): AreaConfig {
  const base = `/${shell.area}`;
  const config: AreaConfig = { ...shell, groups: menuGroups(routes, base) };
  if (brandScope) {
    config.brandScope = {
      pattern: `${base}/${BRAND_SCOPE}/*`,
      back: { label: brandScope.back, to: `${base}/brands` },
      groups: (brandId) => menuGroups(brandScope.routes, `${base}/brands/${brandId}`),
    };
  }
  return config;
}

/** The one shell of the signed-in areas, a lazy chunk fetched on sign-in with the area's home (preload.ts). */
const AreaShell = lazy(areaShell);

/** The area's shell as a component; `children` replaces its route outlet (the invitation page). */
export function shellOf(table: AreaRoutes): ComponentType<{ children?: ReactNode }> {
  const config = shellConfig(table);
  return function Shell({ children }: { children?: ReactNode }) {
    return <AreaShell config={config}>{children}</AreaShell>;
  };
}

/** The area's routes under `/{area}`, behind its guard, inside its shell, with the 404 page inside the shell. */
export function areaRoute(table: AreaRoutes, Shell = shellOf(table)): RouteObject {
  const { area, routes, brandScope } = table;
  return {
    path: `/${area}`,
    element: (
      <RequireArea area={area}>
        <Shell />
      </RequireArea>
    ),
    children: [
      redirect(homeOf(area)),
      ...pageRoutes(routes),
      ...(brandScope
        ? [
            {
              path: BRAND_SCOPE,
              element: <BrandScope />,
              children: [redirect(brandScope.routes[0].path), ...pageRoutes(brandScope.routes)],
            },
          ]
        : []),
      { path: '*', element: <NotFound embedded /> },
    ],
  };
}
