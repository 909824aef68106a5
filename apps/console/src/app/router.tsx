/**
 * The route table of the console (docs/architecture.md "One console area per role"). Public pages are one lazy chunk; each
 * area (client, global, super, atk) is its own lazy chunk, fetched with its landing page on sign-in (preload.ts).
 */
import { lazy, type ReactNode, Suspense } from 'react';
import { createBrowserRouter, Navigate, Outlet, type RouteObject } from 'react-router';
import { NotFound } from '../components/NotFound.tsx';
import { PageSpinner } from '../components/PageSpinner.tsx';
import type { AreaName } from '../session/index.ts';
import { BrandScope } from './BrandScope.tsx';
import { RequireArea } from './guards.tsx';
import { areaShells, landingPages } from './preload.ts';
import { RouteError } from './RouteError.tsx';
import { SessionProvider } from './SessionProvider.tsx';

const publicPages = () => import('../features/public.ts');
const HomePage = lazy(() => publicPages().then((m) => ({ default: m.HomePage })));
const MobilePage = lazy(() => publicPages().then((m) => ({ default: m.MobilePage })));
const LoginPage = lazy(() => publicPages().then((m) => ({ default: m.LoginPage })));
const RecoverPage = lazy(() => publicPages().then((m) => ({ default: m.RecoverPage })));
const ResetPasswordPage = lazy(() => publicPages().then((m) => ({ default: m.ResetPasswordPage })));
const TermsPage = lazy(() => publicPages().then((m) => ({ default: m.TermsPage })));
const PrivacyPage = lazy(() => publicPages().then((m) => ({ default: m.PrivacyPage })));

const ClientArea = lazy(areaShells.client);
const GlobalArea = lazy(areaShells.global);
const SuperArea = lazy(areaShells.super);
const AtkArea = lazy(areaShells.atk);

const InvitationPage = lazy(() => import('../features/invitations/InvitationPage.tsx'));
const ProductListPage = lazy(landingPages.productList);
const ProductEditPage = lazy(() => import('../features/products/ProductEditPage.tsx'));
const InstanceListPage = lazy(() => import('../features/instances/InstanceListPage.tsx'));
const InstanceEditPage = lazy(() => import('../features/instances/InstanceEditPage.tsx'));
const ProfilePage = lazy(() => import('../features/profile/ProfilePage.tsx'));
const GuidePage = lazy(() => import('../features/guide/GuidePage.tsx'));
const IntegrationPage = lazy(() => import('../features/integration/IntegrationPage.tsx'));
const BrandListPage = lazy(landingPages.brandList);
const InvitationListPage = lazy(() => import('../features/invitations-admin/InvitationListPage.tsx'));
const TooltipListPage = lazy(() => import('../features/tooltips/TooltipListPage.tsx'));
const LandingSettingPage = lazy(() => import('../features/landing-setting/LandingSettingPage.tsx'));
const CustomerListPage = lazy(() => import('../features/customers/CustomerListPage.tsx'));
const CustomerEditPage = lazy(() => import('../features/customers/CustomerEditPage.tsx'));
const PlanListPage = lazy(() => import('../features/plans/PlanListPage.tsx'));
const PlanEditPage = lazy(() => import('../features/plans/PlanEditPage.tsx'));
const GuideEditPage = lazy(() => import('../features/content-settings/GuideEditPage.tsx'));
const InfoPagesPage = lazy(() => import('../features/content-settings/InfoPagesPage.tsx'));
const AtkAudiosPage = lazy(() => import('../features/atk-audios/AtkAudiosPage.tsx'));
const CategoryListPage = lazy(() => import('../features/catalogue/categories/CategoryListPage.tsx'));
const CategoryEditPage = lazy(() => import('../features/catalogue/categories/CategoryEditPage.tsx'));
const SubCategoryListPage = lazy(() => import('../features/catalogue/sub-categories/SubCategoryListPage.tsx'));
const SubCategoryEditPage = lazy(() => import('../features/catalogue/sub-categories/SubCategoryEditPage.tsx'));
const SongEditPage = lazy(() => import('../features/catalogue/songs/SongEditPage.tsx'));
const InstrumentEditPage = lazy(() => import('../features/catalogue/instruments/InstrumentEditPage.tsx'));
const StatisticsAtkPage = lazy(() => import('../features/statistics/StatisticsAtkPage.tsx'));
const StatisticsBrandsPage = lazy(() => import('../features/statistics/StatisticsBrandsPage.tsx'));
const InstanceAnalyticsPage = lazy(() => import('../features/statistics/InstanceAnalyticsPage.tsx'));
const ClientStatisticsPage = lazy(() => import('../features/statistics/ClientStatisticsPage.tsx'));
const MobileInstanceListPage = lazy(landingPages.mobileInstanceList);
const MobileInstanceEditPage = lazy(() => import('../features/mobile-instances/MobileInstanceEditPage.tsx'));
const RetailerListPage = lazy(() => import('../features/retailers/RetailerListPage.tsx'));
const WidgetContentPage = lazy(() => import('../features/content-settings/WidgetContentPage.tsx'));
const MobileLandingPage = lazy(() => import('../features/landing-setting/MobileLandingPage.tsx'));
const MobileStatisticsPage = lazy(() => import('../features/statistics/MobileStatisticsPage.tsx'));

function Root() {
  return (
    <SessionProvider>
      <Suspense fallback={<PageSpinner />}>
        <Outlet />
      </Suspense>
    </SessionProvider>
  );
}

/** The product list and edit screens under `base`: the client's, a brand's, or every brand's. */
const productRoutes = (base = 'products'): RouteObject[] => [
  { path: base, element: <ProductListPage /> },
  { path: `${base}/:id/edit`, element: <ProductEditPage /> },
];
/** The instance list and edit screens: the client's, or a brand's for an operator. */
const instanceRoutes = (): RouteObject[] => [
  { path: 'instances', element: <InstanceListPage /> },
  { path: 'instances/:id/edit', element: <InstanceEditPage /> },
];
const redirect = (to: string): RouteObject => ({ index: true, element: <Navigate to={to} replace /> });
const notFoundInShell: RouteObject = { path: '*', element: <NotFound embedded /> };

const area = (name: AreaName, shell: ReactNode, children: RouteObject[]): RouteObject => ({
  path: `/${name}`,
  element: <RequireArea area={name}>{shell}</RequireArea>,
  children: [...children, notFoundInShell],
});

/** Brand-scoped screens of an operator area: /{role}/brands/{adminBrandId}/… (docs/api.md "A brand's state and scope"). */
const brandScoped = (withAnalytics: boolean): RouteObject => ({
  path: 'brands/:adminBrandId',
  element: <BrandScope />,
  children: [
    redirect('products'),
    ...productRoutes(),
    ...instanceRoutes(),
    ...(withAnalytics ? [{ path: 'instances/:id/analytics', element: <InstanceAnalyticsPage /> }] : []),
  ],
});

export const routes: RouteObject[] = [
  {
    element: <Root />,
    errorElement: <RouteError />,
    children: [
      { index: true, element: <Navigate to="/home" replace /> },
      { path: '/home', element: <HomePage /> },
      { path: '/mobile', element: <MobilePage /> },
      { path: '/login', element: <LoginPage /> },
      { path: '/recover', element: <RecoverPage /> },
      { path: '/recover/:uuid', element: <ResetPasswordPage /> },
      { path: '/terms', element: <TermsPage /> },
      { path: '/privacy', element: <PrivacyPage /> },
      {
        path: '/invitations/:uuid',
        element: <InvitationPage shell={ClientArea} />,
      },
      area('client', <ClientArea />, [
        redirect('products'),
        ...productRoutes(),
        ...instanceRoutes(),
        { path: 'guide', element: <GuidePage /> },
        { path: 'integration', element: <IntegrationPage /> },
        { path: 'statistics', element: <ClientStatisticsPage /> },
        { path: 'profile', element: <ProfilePage /> },
      ]),
      area('global', <GlobalArea />, [
        redirect('brands'),
        { path: 'customers', element: <CustomerListPage /> },
        { path: 'customers/:id/edit', element: <CustomerEditPage /> },
        { path: 'brands', element: <BrandListPage /> },
        { path: 'invitations', element: <InvitationListPage /> },
        brandScoped(true),
        { path: 'categories', element: <CategoryListPage /> },
        { path: 'categories/:id/edit', element: <CategoryEditPage /> },
        { path: 'sub_categories', element: <SubCategoryListPage /> },
        { path: 'sub_categories/:id/edit', element: <SubCategoryEditPage /> },
        { path: 'songs/:id/edit', element: <SongEditPage /> },
        { path: 'instruments/:id/edit', element: <InstrumentEditPage /> },
        ...productRoutes(),
        { path: 'plans', element: <PlanListPage /> },
        { path: 'plans/:id/edit', element: <PlanEditPage /> },
        { path: 'audios', element: <AtkAudiosPage /> },
        { path: 'guides', element: <GuideEditPage /> },
        { path: 'infos', element: <InfoPagesPage /> },
        { path: 'landing', element: <LandingSettingPage /> },
        { path: 'statistics/atk', element: <StatisticsAtkPage /> },
        { path: 'statistics/brands', element: <StatisticsBrandsPage /> },
      ]),
      area('super', <SuperArea />, [
        redirect('brands'),
        { path: 'customers', element: <CustomerListPage /> },
        { path: 'customers/:id/edit', element: <CustomerEditPage /> },
        { path: 'tooltips', element: <TooltipListPage /> },
        { path: 'brands', element: <BrandListPage /> },
        { path: 'invitations', element: <InvitationListPage /> },
        brandScoped(false),
      ]),
      area('atk', <AtkArea />, [
        redirect('instances'),
        { path: 'instances', element: <MobileInstanceListPage /> },
        { path: 'instances/:id/edit', element: <MobileInstanceEditPage /> },
        { path: 'landing', element: <MobileLandingPage /> },
        { path: 'infos', element: <WidgetContentPage /> },
        { path: 'retailers', element: <RetailerListPage /> },
        { path: 'statistics/products', element: <MobileStatisticsPage /> },
      ]),
      { path: '*', element: <NotFound /> },
    ],
  },
];

export const router = createBrowserRouter(routes);
