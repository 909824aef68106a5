import { CopyOutlined } from '@ant-design/icons';
import { LABEL, MSG } from '@atk/contract';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Form, InputNumber, Select, Tabs } from 'antd';
import { useMemo, useState } from 'react';
import { PendingBrandNote } from '../../components/PendingBrandNote.tsx';
import { useRememberedTab } from '../../components/useRememberedTab.ts';
import { instanceKeys, instancesApi } from '../instances/api.ts';
import { offeredProducts } from './apiSnippets.ts';
import {
  DEFAULT_MINI,
  INTEGRATION_TABS,
  type IntegrationTab,
  integrationGuides,
  PLACEHOLDER_INSTANCE_ID,
  type Step,
} from './snippets.ts';
import './integration.css';

const INSTANCE_PAGE = { page_num: 1, page_size: 20 } as const;

/** Copies a text: the Clipboard API, else a hidden text area and the copy command (older or insecure pages). */
async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const box = document.createElement('textarea');
    box.value = text;
    box.setAttribute('readonly', '');
    box.style.position = 'fixed';
    box.style.opacity = '0';
    document.body.appendChild(box);
    box.select();
    try {
      return document.execCommand('copy');
    } finally {
      box.remove();
    }
  }
}

function StepBlock({ step }: { step: Step }) {
  const { message } = App.useApp();
  return (
    <section className="integration-step" data-testid={`step-${step.id}`}>
      <h3 className="integration-step__title">{step.title}</h3>
      {step.text.split('\n\n').map((paragraph) => (
        <p key={paragraph} className="integration-step__text">
          {paragraph}
        </p>
      ))}
      {step.code !== undefined && (
        <div className="integration-code">
          <Button
            className="integration-code__copy"
            size="small"
            icon={<CopyOutlined />}
            aria-label={`Copy: ${step.title}`}
            data-testid={`copy-${step.id}`}
            onClick={async () => {
              if (await copyText(step.code ?? '')) message.success(MSG.copied);
            }}
          >
            Copy
          </Button>
          {/* a snippet wider than the screen scrolls: focusable, so a keyboard can scroll it too */}
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard */}
          <pre className="integration-code__pre" tabIndex={0}>
            <code data-testid={`snippet-${step.id}`}>{step.code}</code>
          </pre>
        </div>
      )}
    </section>
  );
}

/**
 * The integration guide (/client/integration): how to embed the player for developers, website
 * builders, blogging platforms and online stores, with the customer's own instance id in every snippet; and the
 * Player API (methods, events, analytics, consent) with the instance's own products.
 */
export default function IntegrationPage() {
  const [tab, setTab] = useRememberedTab(INTEGRATION_TABS, 'developers');
  const instances = useQuery({
    queryKey: instanceKeys.integration(),
    queryFn: () => instancesApi.list(false, INSTANCE_PAGE),
    staleTime: 30_000,
  });

  const list = instances.data?.list ?? [];
  const [chosen, setChosen] = useState<string | null>(null);
  const instanceId = chosen && list.some((i) => i._id === chosen) ? chosen : (list[0]?._id ?? null);
  // the chosen instance's products, for the Player API's buttons
  const read = useQuery({
    queryKey: instanceKeys.one(false, instanceId ?? ''),
    queryFn: () => instancesApi.read(false, instanceId as string),
    enabled: instanceId !== null,
    staleTime: 30_000,
  });
  const products = useMemo(() => offeredProducts(instanceId ? read.data : undefined), [instanceId, read.data]);
  const [right, setRight] = useState<number>(DEFAULT_MINI.right);
  const [bottom, setBottom] = useState<number>(DEFAULT_MINI.bottom);

  const guides = useMemo(
    () => integrationGuides({ origin: window.location.origin, instanceId, mini: { right, bottom }, products }),
    [instanceId, right, bottom, products],
  );

  return (
    <div className="page integration">
      <header className="page__header">
        <h1 className="page__title">{LABEL.navIntegration}</h1>
        <p className="page__subtitle">
          Put the player on your website in three steps: load the style file and the script in the page head, place the
          player element in the body, and add launch buttons.
        </p>
      </header>
      <PendingBrandNote text={MSG.integrationAwaitsBrand} testId="integration-awaits-brand" />

      <Form layout="inline" className="integration__options" data-testid="integration-options">
        <Form.Item label="Player" htmlFor="integration-instance">
          <Select
            id="integration-instance"
            className="integration__instance"
            data-testid="integration-instance"
            loading={instances.isPending}
            value={instanceId ?? undefined}
            placeholder={PLACEHOLDER_INSTANCE_ID}
            onChange={(value: string) => setChosen(value)}
            options={list.map((i) => ({ value: i._id, label: i.general.name || i._id }))}
            notFoundContent="No players yet: create one in My Players"
          />
        </Form.Item>
        <Form.Item label="Mini position: right (px)" htmlFor="integration-right">
          <InputNumber
            id="integration-right"
            min={0}
            max={5000}
            precision={0}
            value={right}
            onChange={(v) => setRight(typeof v === 'number' ? v : 0)}
          />
        </Form.Item>
        <Form.Item label="bottom (px)" htmlFor="integration-bottom">
          <InputNumber
            id="integration-bottom"
            min={0}
            max={5000}
            precision={0}
            value={bottom}
            onChange={(v) => setBottom(typeof v === 'number' ? v : 0)}
          />
        </Form.Item>
      </Form>

      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as IntegrationTab)}
        items={guides.map((guide) => ({
          key: guide.key,
          label: guide.label,
          children: (
            <div className="integration__guide" data-testid={`integration-${guide.key}`}>
              <p className="integration__intro">{guide.intro}</p>
              {guide.steps.map((step) => (
                <StepBlock key={step.id} step={step} />
              ))}
            </div>
          ),
        }))}
      />
    </div>
  );
}
