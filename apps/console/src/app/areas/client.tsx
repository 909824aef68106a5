import { LABEL } from '@atk/contract';
import type { ReactNode } from 'react';
import { AreaShell } from '../layouts/AreaShell.tsx';
import type { AreaConfig } from '../layouts/types.ts';

/** Client shell (spec 1 §2): brand name title, CONTENT / INTEGRATION / ACCOUNT / SUPPORT, footer. */
export const clientArea: AreaConfig = {
  area: 'client',
  headerSupport: 'tab',
  sidebarTitle: (user) => user?.master_brand_name || LABEL.myBrand,
  groups: [
    { label: LABEL.groupContent, items: [{ label: LABEL.navProducts, to: '/client/products' }] },
    {
      label: LABEL.groupIntegration,
      items: [
        { label: LABEL.navMyPlayers, to: '/client/instances' },
        // issue 13: the brand's own statistics (not in spec 1's client sidebar)
        { label: LABEL.navStatistics, to: '/client/statistics' },
      ],
    },
    { label: LABEL.groupAccount, items: [{ label: LABEL.navProfile, to: '/client/profile' }] },
    {
      label: LABEL.groupSupport,
      items: [
        { label: LABEL.navGuide, to: '/client/guide' },
        { label: LABEL.navIntegration, to: '/client/integration' },
      ],
    },
  ],
  footer: true,
};

export default function ClientArea({ children }: { children?: ReactNode }) {
  return <AreaShell config={clientArea}>{children}</AreaShell>;
}
