import { LABEL } from '@atk/contract';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { TabbedRecordPage } from '../../components/TabbedRecordPage.tsx';
import { productKeys, productsApi } from './api.ts';
import { AudioTab } from './audio/AudioTab.tsx';
import { useProductScope } from './scope.ts';
import { DiscographyTab } from './tabs/DiscographyTab.tsx';
import { FrequencyGraphTab } from './tabs/FrequencyGraphTab.tsx';
import { GeneralTab } from './tabs/GeneralTab.tsx';
import { ImagesTab } from './tabs/ImagesTab.tsx';
import { ListeningGuideTab } from './tabs/ListeningGuideTab.tsx';
import { PriceTab } from './tabs/PriceTab.tsx';
import { TechSpecsTab } from './tabs/TechSpecsTab.tsx';

const TABS = [
  'general',
  'price',
  'images',
  'audio',
  'listening_guide',
  'discography',
  'tech_specs',
  'frequency_graph',
] as const;

/**
 * PRODUCT EDIT (docs/api.md "Brand content"): the product of the route's id, with the left tabs General, Price,
 * Images, Audio, Listening Guide, Discography, Tech Specs and Frequency Graph; each saves its own section.
 */
export default function ProductEditPage() {
  const scope = useProductScope();
  const { id = '' } = useParams();
  const product = useQuery({
    queryKey: productKeys.one(scope.admin, id),
    queryFn: () => productsApi.read(scope.admin, id),
  });

  return (
    <TabbedRecordPage
      record={product}
      kind="product"
      title={LABEL.productEdit}
      back={{ to: scope.listPath, label: 'Products' }}
      name={(data) => data.general.name}
      keys={TABS}
      tabs={(data) => {
        const props = { product: data, scope };
        return [
          { key: 'general', label: LABEL.tabGeneral, render: (b) => <GeneralTab {...props} binding={b} /> },
          { key: 'price', label: LABEL.tabPrice, render: (b) => <PriceTab {...props} binding={b} /> },
          { key: 'images', label: LABEL.tabImages, render: (b) => <ImagesTab {...props} binding={b} /> },
          { key: 'audio', label: LABEL.tabAudio, render: (b) => <AudioTab {...props} binding={b} /> },
          {
            key: 'listening_guide',
            label: LABEL.tabListeningGuide,
            render: (b) => <ListeningGuideTab {...props} binding={b} />,
          },
          { key: 'discography', label: LABEL.tabDiscography, render: (b) => <DiscographyTab {...props} binding={b} /> },
          { key: 'tech_specs', label: LABEL.tabTechSpecs, render: (b) => <TechSpecsTab {...props} binding={b} /> },
          {
            key: 'frequency_graph',
            label: LABEL.tabFrequencyGraph,
            render: (b) => <FrequencyGraphTab {...props} binding={b} />,
          },
        ];
      }}
    />
  );
}
