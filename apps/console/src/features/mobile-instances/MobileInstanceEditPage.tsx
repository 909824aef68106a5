import { LABEL } from '@atk/contract';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { TabbedRecordPage } from '../../components/TabbedRecordPage.tsx';
import { mobileInstanceKeys, mobileInstancesApi } from './api.ts';
import { MobileGeneralTab } from './tabs/MobileGeneralTab.tsx';
import { MobileImagesTab } from './tabs/MobileImagesTab.tsx';
import { MobileProductsTab } from './tabs/MobileProductsTab.tsx';
import { MobileSourcesTab } from './tabs/MobileSourcesTab.tsx';

const TABS = ['general', 'products', 'sources', 'images'] as const;

/**
 * A mobile instance's edit page (docs/api.md "Mobile instances"): the instance of the route's id with its
 * name as subtitle and the left tabs General, Products, Sources, Images; each saves its own part.
 */
export default function MobileInstanceEditPage() {
  const { id = '' } = useParams();
  const instance = useQuery({ queryKey: mobileInstanceKeys.one(id), queryFn: () => mobileInstancesApi.read(id) });

  return (
    <TabbedRecordPage
      record={instance}
      kind="instance"
      title={LABEL.mobileInstanceEdit}
      back={{ to: '/atk/instances', label: LABEL.navInstances }}
      name={(data) => data.general.name}
      keys={TABS}
      tabs={(data) => [
        { key: 'general', label: LABEL.tabGeneral, render: (b) => <MobileGeneralTab instance={data} binding={b} /> },
        { key: 'products', label: LABEL.tabProducts, render: (b) => <MobileProductsTab instance={data} binding={b} /> },
        { key: 'sources', label: LABEL.tabSources, render: (b) => <MobileSourcesTab instance={data} binding={b} /> },
        { key: 'images', label: LABEL.tabImages, render: (b) => <MobileImagesTab instance={data} binding={b} /> },
      ]}
    />
  );
}
