import { LABEL } from '@atk/contract';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useParams } from 'react-router';
import { TabbedRecordPage } from '../../components/TabbedRecordPage.tsx';
import { instanceKeys, instancesApi } from './api.ts';
import { type OpenPermission, PermissionDialog, type PermissionRequest } from './permissions.tsx';
import { useInstanceScope } from './scope.ts';
import { BuyButtonTab } from './tabs/BuyButtonTab.tsx';
import { FeaturesTab } from './tabs/FeaturesTab.tsx';
import { GeneralTab } from './tabs/GeneralTab.tsx';
import { ImagesTab } from './tabs/ImagesTab.tsx';
import { ProductsTab } from './tabs/ProductsTab.tsx';
import { SourcesTab } from './tabs/SourcesTab.tsx';

const TABS = ['general', 'features', 'products', 'sources', 'images', 'buttons'] as const;

/**
 * PLAYER INSTANCE EDIT (docs/api.md "Instances and subscriptions"): the instance of the route's id with its name as subtitle, and
 * the left tabs General, Features, Products, Sources, Images, Buy Button; each saves its own part. Operators
 * work with the /admin calls.
 */
export default function InstanceEditPage() {
  const scope = useInstanceScope();
  const { id = '' } = useParams();
  const [permission, setPermission] = useState<PermissionRequest | null>(null);
  const openPermission = useCallback<OpenPermission>((kind, features) => setPermission({ kind, features }), []);
  const instance = useQuery({
    queryKey: instanceKeys.one(scope.admin, id),
    queryFn: () => instancesApi.read(scope.admin, id),
  });

  return (
    <TabbedRecordPage
      record={instance}
      kind="instance"
      title={LABEL.instanceEdit}
      back={{ to: scope.listPath, label: LABEL.navMyPlayers }}
      name={(data) => data.general.name}
      keys={TABS}
      tabs={(data) => {
        const props = { instance: data, scope, permission: openPermission };
        return [
          { key: 'general', label: LABEL.tabGeneral, render: (b) => <GeneralTab {...props} binding={b} /> },
          { key: 'features', label: LABEL.tabFeatures, render: (b) => <FeaturesTab {...props} binding={b} /> },
          { key: 'products', label: LABEL.tabProducts, render: (b) => <ProductsTab {...props} binding={b} /> },
          { key: 'sources', label: LABEL.tabSources, render: (b) => <SourcesTab {...props} binding={b} /> },
          { key: 'images', label: LABEL.tabImages, render: (b) => <ImagesTab {...props} binding={b} /> },
          { key: 'buttons', label: LABEL.tabBuyButton, render: (b) => <BuyButtonTab {...props} binding={b} /> },
        ];
      }}
    >
      <PermissionDialog request={permission} onClose={() => setPermission(null)} />
    </TabbedRecordPage>
  );
}
