/** The screens of the signed-in areas, each its own lazy chunk; the areas' homes load what preload.ts fetches. */
import { lazy } from 'react';
import { landingPages } from '../preload.ts';

export const ProductListPage = lazy(landingPages.productList);
export const ProductEditPage = lazy(() => import('../../features/products/ProductEditPage.tsx'));
export const InstanceListPage = lazy(() => import('../../features/instances/InstanceListPage.tsx'));
export const InstanceEditPage = lazy(() => import('../../features/instances/InstanceEditPage.tsx'));
export const ProfilePage = lazy(() => import('../../features/profile/ProfilePage.tsx'));
export const GuidePage = lazy(() => import('../../features/guide/GuidePage.tsx'));
export const IntegrationPage = lazy(() => import('../../features/integration/IntegrationPage.tsx'));
export const BrandListPage = lazy(landingPages.brandList);
export const InvitationListPage = lazy(() => import('../../features/invitations-admin/InvitationListPage.tsx'));
export const TooltipListPage = lazy(() => import('../../features/tooltips/TooltipListPage.tsx'));
export const LandingSettingPage = lazy(() => import('../../features/landing-setting/LandingSettingPage.tsx'));
export const CustomerListPage = lazy(() => import('../../features/customers/CustomerListPage.tsx'));
export const CustomerEditPage = lazy(() => import('../../features/customers/CustomerEditPage.tsx'));
export const PlanListPage = lazy(() => import('../../features/plans/PlanListPage.tsx'));
export const PlanEditPage = lazy(() => import('../../features/plans/PlanEditPage.tsx'));
export const GuideEditPage = lazy(() => import('../../features/content-settings/GuideEditPage.tsx'));
export const InfoPagesPage = lazy(() => import('../../features/content-settings/InfoPagesPage.tsx'));
export const AtkAudiosPage = lazy(() => import('../../features/atk-audios/AtkAudiosPage.tsx'));
export const CategoryListPage = lazy(() => import('../../features/catalogue/categories/CategoryListPage.tsx'));
export const CategoryEditPage = lazy(() => import('../../features/catalogue/categories/CategoryEditPage.tsx'));
export const SubCategoryListPage = lazy(
  () => import('../../features/catalogue/sub-categories/SubCategoryListPage.tsx'),
);
export const SubCategoryEditPage = lazy(
  () => import('../../features/catalogue/sub-categories/SubCategoryEditPage.tsx'),
);
export const SongEditPage = lazy(() => import('../../features/catalogue/songs/SongEditPage.tsx'));
export const InstrumentEditPage = lazy(() => import('../../features/catalogue/instruments/InstrumentEditPage.tsx'));
export const StatisticsAtkPage = lazy(() => import('../../features/statistics/StatisticsAtkPage.tsx'));
export const StatisticsBrandsPage = lazy(() => import('../../features/statistics/StatisticsBrandsPage.tsx'));
export const InstanceAnalyticsPage = lazy(() => import('../../features/statistics/InstanceAnalyticsPage.tsx'));
export const ClientStatisticsPage = lazy(() => import('../../features/statistics/ClientStatisticsPage.tsx'));
export const MobileInstanceListPage = lazy(landingPages.mobileInstanceList);
export const MobileInstanceEditPage = lazy(() => import('../../features/mobile-instances/MobileInstanceEditPage.tsx'));
export const RetailerListPage = lazy(() => import('../../features/retailers/RetailerListPage.tsx'));
export const WidgetContentPage = lazy(() => import('../../features/content-settings/WidgetContentPage.tsx'));
export const MobileLandingPage = lazy(() => import('../../features/landing-setting/MobileLandingPage.tsx'));
export const MobileStatisticsPage = lazy(() => import('../../features/statistics/MobileStatisticsPage.tsx'));
