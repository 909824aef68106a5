import { LABEL } from '@atk/contract';
import { AreaShell } from '../layouts/AreaShell.tsx';
import type { AreaConfig } from '../layouts/types.ts';

/** Mobile widget operator area (spec 3 §2). */
export const atkArea: AreaConfig = {
  area: 'atk',
  headerTitle: 'Mobile Widget Console',
  headerSupport: 'mail',
  groups: [
    {
      label: LABEL.groupIntegration,
      items: [
        { label: LABEL.navInstances, to: '/atk/instances' },
        { label: LABEL.navRetailers, to: '/atk/retailers' },
      ],
    },
    {
      label: LABEL.groupSettings,
      items: [
        { label: LABEL.navWidgetContent, to: '/atk/infos' },
        { label: LABEL.navLandingPage, to: '/atk/landing' },
      ],
    },
    { label: LABEL.groupStatistics, items: [{ label: LABEL.navProducts, to: '/atk/statistics/products' }] },
  ],
};

export default function AtkArea() {
  return <AreaShell config={atkArea} />;
}
