import { LABEL } from '@atk/contract';
import { AreaShell } from '../layouts/AreaShell.tsx';
import type { AreaConfig } from '../layouts/types.ts';

/** Super area layout (spec 2 §2). */
export const superArea: AreaConfig = {
  area: 'super',
  headerTitle: 'Super Console',
  headerSupport: 'mail',
  groups: [
    {
      label: LABEL.groupBrands,
      items: [
        { label: LABEL.navManage, to: '/super/brands' },
        { label: LABEL.navOnboard, to: '/super/invitations' },
      ],
    },
    { label: LABEL.groupCustomers, items: [{ label: LABEL.navManage, to: '/super/customers' }] },
    { label: LABEL.groupTooltips, items: [{ label: LABEL.navManage, to: '/super/tooltips' }] },
  ],
  brandScope: {
    pattern: '/super/brands/:adminBrandId/*',
    back: { label: LABEL.superAdmin, to: '/super/brands' },
    groups: (id) => [
      { label: LABEL.groupContent, items: [{ label: LABEL.navProducts, to: `/super/brands/${id}/products` }] },
      {
        label: LABEL.groupIntegration,
        items: [{ label: LABEL.navMyPlayers, to: `/super/brands/${id}/instances` }],
      },
    ],
  },
};

export default function SuperArea() {
  return <AreaShell config={superArea} />;
}
