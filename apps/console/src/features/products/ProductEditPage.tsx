import { ArrowLeftOutlined } from '@ant-design/icons';
import { LABEL } from '@atk/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Result } from 'antd';
import { Link, useParams } from 'react-router';
import { type DirtyTab, DirtyTabs } from '../../components/DirtyTabs.tsx';
import { PageSpinner } from '../../components/PageSpinner.tsx';
import { useRememberedTab } from '../../components/useRememberedTab.ts';
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
type TabKey = (typeof TABS)[number];

/**
 * PRODUCT EDIT (spec 3 §2): the product of the route's id, with the left tabs General, Price, Images, Audio,
 * Listening Guide, Discography, Tech Specs and Frequency Graph; each saves its own section.
 */
export default function ProductEditPage() {
  const scope = useProductScope();
  const { id = '' } = useParams();
  const [tab, setTab] = useRememberedTab<TabKey>(TABS, 'general');
  const product = useQuery({
    queryKey: productKeys.one(scope.admin, id),
    queryFn: () => productsApi.read(scope.admin, id),
  });

  const back = (
    <Link to={scope.listPath} className="page__back" data-testid="product-back">
      <ArrowLeftOutlined /> Products
    </Link>
  );

  if (product.isPending) return <PageSpinner />;
  if (!product.data) {
    return (
      <div className="page">
        {back}
        <Result
          status="404"
          title={LABEL.productEdit}
          subTitle={product.error?.message}
          extra={
            <Button type="primary" onClick={() => void product.refetch()}>
              Retry
            </Button>
          }
        />
      </div>
    );
  }

  const data = product.data;
  const tabs: DirtyTab<TabKey>[] = [
    { key: 'general', label: LABEL.tabGeneral, render: (b) => <GeneralTab product={data} scope={scope} binding={b} /> },
    { key: 'price', label: LABEL.tabPrice, render: (b) => <PriceTab product={data} scope={scope} binding={b} /> },
    { key: 'images', label: LABEL.tabImages, render: (b) => <ImagesTab product={data} scope={scope} binding={b} /> },
    { key: 'audio', label: LABEL.tabAudio, render: (b) => <AudioTab product={data} scope={scope} binding={b} /> },
    {
      key: 'listening_guide',
      label: LABEL.tabListeningGuide,
      render: (b) => <ListeningGuideTab product={data} scope={scope} binding={b} />,
    },
    {
      key: 'discography',
      label: LABEL.tabDiscography,
      render: (b) => <DiscographyTab product={data} scope={scope} binding={b} />,
    },
    {
      key: 'tech_specs',
      label: LABEL.tabTechSpecs,
      render: (b) => <TechSpecsTab product={data} scope={scope} binding={b} />,
    },
    {
      key: 'frequency_graph',
      label: LABEL.tabFrequencyGraph,
      render: (b) => <FrequencyGraphTab product={data} scope={scope} binding={b} />,
    },
  ];

  return (
    <div className="page page--wide product-edit">
      {back}
      <header className="page__header">
        <h1 className="page__title">{LABEL.productEdit}</h1>
        <p className="page__subtitle" data-testid="product-name">
          {data.general.name}
        </p>
      </header>
      <DirtyTabs className="product-edit__tabs" tabs={tabs} active={tab} onChange={setTab} />
    </div>
  );
}
