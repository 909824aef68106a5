import { LABEL } from '@atk/contract';
import { AreaShell } from '../layouts/AreaShell.tsx';
import type { AreaConfig } from '../layouts/types.ts';

/** Global area layout (spec 2 §2). */
export const globalArea: AreaConfig = {
  area: 'global',
  headerTitle: 'Global Console',
  headerSupport: 'mail',
  groups: [
    {
      label: LABEL.globalGroupBrands,
      items: [
        { label: LABEL.navManage, to: '/global/brands' },
        { label: LABEL.navOnboard, to: '/global/invitations' },
      ],
    },
    {
      label: LABEL.globalGroupProducts,
      items: [
        { label: LABEL.navManage, to: '/global/products' },
        // songs and instruments are edited under their sub category (spec 2 §2 catalogue screens)
        {
          label: LABEL.navCategories,
          to: '/global/categories',
          also: ['/global/sub_categories', '/global/songs', '/global/instruments'],
        },
      ],
    },
    { label: LABEL.globalGroupAudios, items: [{ label: LABEL.navManage, to: '/global/audios' }] },
    {
      label: LABEL.globalGroupPlayer,
      items: [
        { label: LABEL.navInfoPages, to: '/global/infos' },
        { label: LABEL.navClientGuides, to: '/global/guides' },
        { label: LABEL.navLandingPage, to: '/global/landing' },
      ],
    },
    {
      label: LABEL.globalGroupStatistics,
      items: [
        { label: LABEL.navBrands, to: '/global/statistics/brands' },
        { label: LABEL.navAtk, to: '/global/statistics/atk' },
      ],
    },
    { label: LABEL.globalGroupCustomers, items: [{ label: LABEL.navManage, to: '/global/customers' }] },
    { label: LABEL.globalGroupPlans, items: [{ label: LABEL.navManage, to: '/global/plans' }] },
  ],
  brandScope: {
    pattern: '/global/brands/:adminBrandId/*',
    back: { label: 'Global Admin', to: '/global/brands' },
    groups: (id) => [
      {
        label: LABEL.globalGroupContent,
        items: [{ label: LABEL.navProducts, to: `/global/brands/${id}/products` }],
      },
      {
        label: LABEL.globalGroupIntegration,
        items: [{ label: LABEL.navMyPlayers, to: `/global/brands/${id}/instances` }],
      },
    ],
  },
};

export default function GlobalArea() {
  return <AreaShell config={globalArea} />;
}
