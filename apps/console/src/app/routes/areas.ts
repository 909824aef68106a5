/**
 * The route table of each signed-in area (docs/architecture.md "Console routes and menus"; the model is model.tsx):
 * entries in sidebar order, a record's edit screen beside its list.
 */
import { LABEL } from '@atk/contract';
import type { AreaRoutes, BrandScopeRoutes, MenuEntry, PageRoute } from './model.tsx';
import * as page from './pages.ts';

const products = (menu?: MenuEntry): PageRoute => ({
  path: 'products',
  page: page.ProductListPage,
  edit: page.ProductEditPage,
  menu,
});
const instances = (menu: MenuEntry): PageRoute => ({
  path: 'instances',
  page: page.InstanceListPage,
  edit: page.InstanceEditPage,
  menu,
});
const nav = (group: string, label: string, also?: string[]): MenuEntry => ({ group, label, also });
const manage = (group: string) => nav(group, LABEL.navManage);

/** The brand list and onboarding of an operator area. */
const brands = (group: string): PageRoute[] => [
  { path: 'brands', page: page.BrandListPage, menu: manage(group) },
  { path: 'invitations', page: page.InvitationListPage, menu: nav(group, LABEL.navOnboard) },
];
const customers = (group: string): PageRoute => ({
  path: 'customers',
  page: page.CustomerListPage,
  edit: page.CustomerEditPage,
  menu: manage(group),
});
/** One brand's products and players, as an operator sees them. */
const brandScope = (back: string, content: string, integration: string, ...more: PageRoute[]): BrandScopeRoutes => ({
  back,
  routes: [products(nav(content, LABEL.navProducts)), instances(nav(integration, LABEL.navMyPlayers)), ...more],
});

/** The customer's area: the brand name over CONTENT / INTEGRATION / ACCOUNT / SUPPORT, a SUPPORT tab, a footer. */
export const clientRoutes: AreaRoutes = {
  area: 'client',
  headerSupport: 'tab',
  sidebarTitle: (user) => user?.master_brand_name || LABEL.myBrand,
  footer: true,
  routes: [
    products(nav(LABEL.groupContent, LABEL.navProducts)),
    instances(nav(LABEL.groupIntegration, LABEL.navMyPlayers)),
    // the brand's own statistics (docs/architecture.md "Statistics screens")
    { path: 'statistics', page: page.ClientStatisticsPage, menu: nav(LABEL.groupIntegration, LABEL.navStatistics) },
    { path: 'profile', page: page.ProfilePage, menu: nav(LABEL.groupAccount, LABEL.navProfile) },
    { path: 'guide', page: page.GuidePage, menu: nav(LABEL.groupSupport, LABEL.navGuide) },
    { path: 'integration', page: page.IntegrationPage, menu: nav(LABEL.groupSupport, LABEL.navIntegration) },
  ],
};

/** The global admin's area. */
export const globalRoutes: AreaRoutes = {
  area: 'global',
  headerTitle: 'Global Console',
  headerSupport: 'mail',
  routes: [
    ...brands(LABEL.globalGroupBrands),
    products(manage(LABEL.globalGroupProducts)),
    {
      path: 'categories',
      page: page.CategoryListPage,
      edit: page.CategoryEditPage,
      // the catalogue's other screens are reached from the category list (docs/api.md "Catalogue screens")
      menu: nav(LABEL.globalGroupProducts, LABEL.navCategories, ['sub_categories', 'songs', 'instruments']),
    },
    { path: 'sub_categories', page: page.SubCategoryListPage, edit: page.SubCategoryEditPage },
    { path: 'songs', edit: page.SongEditPage },
    { path: 'instruments', edit: page.InstrumentEditPage },
    { path: 'audios', page: page.AtkAudiosPage, menu: manage(LABEL.globalGroupAudios) },
    { path: 'infos', page: page.InfoPagesPage, menu: nav(LABEL.globalGroupPlayer, LABEL.navInfoPages) },
    { path: 'guides', page: page.GuideEditPage, menu: nav(LABEL.globalGroupPlayer, LABEL.navClientGuides) },
    { path: 'landing', page: page.LandingSettingPage, menu: nav(LABEL.globalGroupPlayer, LABEL.navLandingPage) },
    {
      path: 'statistics/brands',
      page: page.StatisticsBrandsPage,
      menu: nav(LABEL.globalGroupStatistics, LABEL.navBrands),
    },
    { path: 'statistics/atk', page: page.StatisticsAtkPage, menu: nav(LABEL.globalGroupStatistics, LABEL.navAtk) },
    customers(LABEL.globalGroupCustomers),
    { path: 'plans', page: page.PlanListPage, edit: page.PlanEditPage, menu: manage(LABEL.globalGroupPlans) },
  ],
  brandScope: brandScope('Global Admin', LABEL.globalGroupContent, LABEL.globalGroupIntegration, {
    path: 'instances/:id/analytics',
    page: page.InstanceAnalyticsPage,
  }),
};

/** The super admin's area. */
export const superRoutes: AreaRoutes = {
  area: 'super',
  headerTitle: 'Super Console',
  headerSupport: 'mail',
  routes: [
    ...brands(LABEL.groupBrands),
    customers(LABEL.groupCustomers),
    { path: 'tooltips', page: page.TooltipListPage, menu: manage(LABEL.groupTooltips) },
  ],
  brandScope: brandScope(LABEL.superAdmin, LABEL.groupContent, LABEL.groupIntegration),
};

/** The mobile widget operator's area. */
export const atkRoutes: AreaRoutes = {
  area: 'atk',
  headerTitle: 'Mobile Widget Console',
  headerSupport: 'mail',
  routes: [
    {
      path: 'instances',
      page: page.MobileInstanceListPage,
      edit: page.MobileInstanceEditPage,
      menu: nav(LABEL.groupIntegration, LABEL.navInstances),
    },
    { path: 'retailers', page: page.RetailerListPage, menu: nav(LABEL.groupIntegration, LABEL.navRetailers) },
    { path: 'infos', page: page.WidgetContentPage, menu: nav(LABEL.groupSettings, LABEL.navWidgetContent) },
    { path: 'landing', page: page.MobileLandingPage, menu: nav(LABEL.groupSettings, LABEL.navLandingPage) },
    {
      path: 'statistics/products',
      page: page.MobileStatisticsPage,
      menu: nav(LABEL.groupStatistics, LABEL.navProducts),
    },
  ],
};
