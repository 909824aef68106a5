import { LABEL, MSG } from '@atk/contract';
import { type QueryKey, useQuery } from '@tanstack/react-query';
import { Button, Card, Form, Select, Skeleton, Space, Tag } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useSave } from '../../api/useSave.ts';
import { statusText } from '../../components/status.ts';
import { useAreaBase } from '../../components/useAreaBase.ts';
import { desktopLanding, type LandingSource } from './api.ts';

/** Typing settles this long before the search is sent. */
const SEARCH_DEBOUNCE_MS = 300;

type Choice = { value: string; label: string } | null;

/** The typed text once typing has paused. */
function useDebounced(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * The instance a public landing page launches (/home, and the mobile widget's
 * /mobile page): a searchable remote select of the instances (up to 20 by name), showing the current choice; Save
 * stores it ('Update success', or the server's msg, e.g. for an unpublished instance), CANCEL goes back. `source`
 * says which setting and which instances: the desktop player's or the mobile widget's.
 */
export function LandingChoice({ source }: { source: LandingSource }) {
  const navigate = useNavigate();
  const base = useAreaBase();
  const setting = useQuery({ queryKey: source.keys.setting(), queryFn: source.read });
  const [picked, setPicked] = useState<Choice | undefined>(undefined);
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const term = useDebounced(typed, SEARCH_DEBOUNCE_MS);
  const found = useQuery({
    queryKey: source.keys.search(term),
    queryFn: () => source.search(term),
    enabled: open,
  });

  const stored = setting.data?.content.instance;
  const choice: Choice = picked !== undefined ? picked : stored ? { value: stored._id, label: stored.name } : null;

  const options = useMemo(() => {
    const list = [...(found.data ?? [])];
    // the current choice stays selectable (and named) when the search does not return it
    if (choice && !list.some((o) => o.value === choice.value)) list.unshift({ ...choice, published: 1 });
    return list;
  }, [found.data, choice]);

  const save = useSave({
    save: (next: Choice) => source.save(next?.value ?? null),
    success: MSG.updateSuccess,
    invalidate: [source.keys.all, ...source.invalidate] as QueryKey[],
    onSaved: () => setPicked(undefined),
  });

  const cancel = () => {
    // back where the operator came from; a page opened directly has no such entry
    if ((window.history.state as { idx?: number } | null)?.idx) navigate(-1);
    else navigate(`${base}/${source.home}`);
  };

  return (
    <div className="page">
      <header className="page__header">
        <h1 className="page__title">{LABEL.navLandingPage}</h1>
        <p className="page__subtitle">{source.subtitle}</p>
      </header>
      <Card className="page__card">
        {setting.isPending ? (
          <Skeleton active paragraph={{ rows: 1 }} />
        ) : (
          <Form layout="vertical" name="landing-setting" onFinish={() => save.mutate(choice)}>
            <Form.Item label="Instance" htmlFor="landing-instance">
              <Select<Choice>
                id="landing-instance"
                data-testid="landing-instance"
                labelInValue
                allowClear
                showSearch={{ filterOption: false, onSearch: setTyped, searchValue: typed }}
                placeholder={source.placeholder}
                value={choice}
                onChange={(next) => {
                  setPicked(next ? { value: next.value, label: String(next.label) } : null);
                  setTyped('');
                }}
                onOpenChange={setOpen}
                loading={found.isFetching}
                notFoundContent={found.isFetching ? 'Searching…' : undefined}
                options={options}
                optionRender={(option) => (
                  <Space>
                    {option.label}
                    {option.data.published !== 1 && <Tag>{statusText(option.data.published)}</Tag>}
                  </Space>
                )}
                style={{ maxWidth: 480 }}
              />
            </Form.Item>
            {stored && (
              <p className="page__subtitle" data-testid="landing-current">
                Current: {stored.name}
                {'brand_name' in stored && stored.brand_name ? ` (${stored.brand_name})` : ''}
              </p>
            )}
            <Space>
              <Button type="primary" htmlType="submit" loading={save.isPending}>
                {source.saveLabel}
              </Button>
              <Button onClick={cancel}>{LABEL.cancel}</Button>
            </Space>
          </Form>
        )}
      </Card>
    </div>
  );
}

/** The desktop player's landing instance (/global/landing). */
export default function LandingSettingPage() {
  return <LandingChoice source={desktopLanding} />;
}
