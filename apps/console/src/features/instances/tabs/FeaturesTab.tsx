import { LockOutlined } from '@ant-design/icons';
import {
  ABX_TRIALS_MAX,
  ABX_TRIALS_MIN,
  ATK_SONGS_CHOICES,
  DEFAULT_FEATURES,
  featuresBeyond,
  GATED_FEATURES,
  type GatedFeature,
  type Instance,
  type InstanceFeatures,
  LABEL,
  NO_LIMIT,
  ORDERED_FEATURES,
  type OrderedFeature,
  PRODUCTS_IN_PLAYER_CHOICES,
  planLimits,
  type Subscription,
  UTM_MEDIUM,
  UTM_SOURCE,
  utmCampaign,
} from '@atk/contract';
import { Select, Switch, Table, type TableColumnsType } from 'antd';
import { TabFrame } from '../../../components/TabFrame.tsx';
import { useTabForm } from '../../../components/useTabForm.ts';
import { type TabProps, useSaveInstance } from '../context.ts';
import { setFeatureOrder } from '../ordering.ts';
import { FEATURE_LABELS, usePlan } from '../plan.ts';

type EnableOnly = 'other_brands_products' | 'my_audio' | 'display_price' | 'listener_votes' | 'abx_test' | 'utm_tags';
type MaxCount = 'products_in_player' | 'atk_songs';
type Row =
  | { key: OrderedFeature; kind: 'ordered'; label: string }
  | { key: MaxCount; kind: 'max'; label: string; choices: readonly number[] }
  /** `help`: a line saying what it does (of the instance's name when it names what the player adds). */
  | { key: EnableOnly; kind: 'enable'; label: string; help?: string | ((instanceName: string) => string) };

/** What UTM tags on buy links adds, with this player's own campaign (the slug of its name, as the player makes it). */
const utmHelp = (instanceName: string) =>
  `Adds utm_source=${UTM_SOURCE}, utm_medium=${UTM_MEDIUM} and utm_campaign=${utmCampaign(instanceName)} to the buy links, so the shop's analytics credit this player.`;

const ROWS: Row[] = [
  ...ORDERED_FEATURES.map((key) => ({ key, kind: 'ordered' as const, label: FEATURE_LABELS[key] })),
  {
    key: 'products_in_player',
    kind: 'max',
    label: FEATURE_LABELS.products_in_player,
    choices: PRODUCTS_IN_PLAYER_CHOICES,
  },
  { key: 'atk_songs', kind: 'max', label: FEATURE_LABELS.atk_songs, choices: ATK_SONGS_CHOICES },
  { key: 'other_brands_products', kind: 'enable', label: FEATURE_LABELS.other_brands_products },
  { key: 'my_audio', kind: 'enable', label: FEATURE_LABELS.my_audio },
  { key: 'display_price', kind: 'enable', label: FEATURE_LABELS.display_price },
  {
    key: 'listener_votes',
    kind: 'enable',
    label: FEATURE_LABELS.listener_votes,
    help: 'After a blind test, the player asks listeners which product they preferred.',
  },
  {
    key: 'abx_test',
    kind: 'enable',
    label: FEATURE_LABELS.abx_test,
    help: 'In a blind test, listeners can take an ABX test of two products: can they hear a difference?',
  },
  { key: 'utm_tags', kind: 'enable', label: FEATURE_LABELS.utm_tags, help: utmHelp },
];

const TRIAL_OPTIONS = Array.from({ length: ABX_TRIALS_MAX - ABX_TRIALS_MIN + 1 }, (_, i) => ({
  value: ABX_TRIALS_MIN + i,
  label: `${ABX_TRIALS_MIN + i} trials`,
}));

const ORDER_OPTIONS = ORDERED_FEATURES.map((_, i) => ({ value: i + 1, label: String(i + 1) }));
const maxOptions = (choices: readonly number[]) =>
  choices.map((n) => ({ value: n, label: n === NO_LIMIT ? LABEL.noLimit : String(n) }));

/** The instance's features, with the defaults for what is missing (Display Price on). */
export const featuresOf = (i: Pick<Instance, 'features'>): InstanceFeatures => {
  const f = (i.features ?? {}) as Partial<InstanceFeatures>;
  const out = { ...DEFAULT_FEATURES } as InstanceFeatures;
  for (const key of Object.keys(DEFAULT_FEATURES) as (keyof InstanceFeatures)[]) {
    if (f[key]) (out as Record<string, unknown>)[key] = { ...DEFAULT_FEATURES[key], ...f[key] };
  }
  return out;
};

/** What a refusal resets: the feature off, or its maximum back to the basic one. */
export function resetRefused(features: InstanceFeatures, feature: GatedFeature): InstanceFeatures {
  if (feature === 'products_in_player')
    return { ...features, products_in_player: { max_num: DEFAULT_FEATURES.products_in_player.max_num } };
  if (feature === 'atk_songs') return { ...features, atk_songs: { max_num: DEFAULT_FEATURES.atk_songs.max_num } };
  return { ...features, [feature]: { ...features[feature], is_enable: 0 } };
}

const isGated = (key: keyof InstanceFeatures): key is GatedFeature =>
  (GATED_FEATURES as readonly string[]).includes(key);

/**
 * The row's feature when the subscription leaves out some setting of it (never one it never refuses: Listening
 * Guide, Images, Display Price, UTM tags on buy links).
 */
const lockedFeature = (sub: Subscription | undefined, key: keyof InstanceFeatures): GatedFeature | null =>
  sub !== undefined && isGated(key) && planLimits(sub, key) ? key : null;

/** The mark of a control whose feature is not (or, for a maximum, not without limit) in the plan. */
function PlanMark({ feature }: { feature: GatedFeature | null }) {
  if (!feature) return null;
  const max = feature === 'products_in_player' || feature === 'atk_songs';
  return (
    <span className="plan-lock" id={`plan-lock-${feature}`} data-testid="plan-lock">
      <LockOutlined aria-hidden /> {max ? LABEL.noLimitNotInPlan : LABEL.notInPlan}
    </span>
  );
}

/**
 * Features: the five ordered features with an Enable switch and an Order
 * select 1-5 (orders stay distinct); Products in Player (5 / No limit) and ATK Songs (3 / No limit); Other
 * Brands Products, My Audio, Display Price, Listener votes, ABX test and UTM tags on buy links (off by default, with
 * a line saying what they do; the UTM line names this player's own campaign) enable-only; ABX test with its number of
 * trials. UTM tags are in every plan.
 *
 * A customer's console knows its subscription: every control whose feature the plan leaves out carries
 * a lock and 'Not in your plan' from the start, and SAVE refuses all such features at once, before any call: they
 * are reset and one upgrade dialog names each; nothing is saved, the rest stays to be saved again. The
 * server's 402 remains the rule (an operator's save, a plan lowered meanwhile): a refused feature is reset and
 * named the same way.
 */
export function FeaturesTab({ instance, scope, binding, permission }: TabProps) {
  const part = useSaveInstance(scope, instance._id, permission);
  const plan = usePlan();
  const tab = useTabForm<InstanceFeatures>({
    binding,
    initial: () => featuresOf(instance),
    save: async (sent) => {
      const sub = await plan.fresh();
      const beyond = sub ? featuresBeyond(sent, sub) : [];
      if (beyond.length > 0) {
        setFeatures((f) => beyond.reduce(resetRefused, f));
        permission('upgrade', beyond);
        return false;
      }
      return part.save(
        { features: sent },
        { onFeatureRefused: (feature) => setFeatures((f) => resetRefused(f, feature)) },
      );
    },
    saving: part.saving,
  });
  const { value: features, setValue: setFeatures, submit, saving } = tab;
  const lockOf = (key: keyof InstanceFeatures) => lockedFeature(plan.subscription, key);
  const helpOf = (row: Row) =>
    row.kind === 'enable' && row.help
      ? typeof row.help === 'string'
        ? row.help
        : row.help(instance.general.name)
      : null;

  const enable = (key: OrderedFeature | EnableOnly, on: boolean) =>
    setFeatures((f) => ({ ...f, [key]: { ...f[key], is_enable: on ? 1 : 0 } }));

  const columns: TableColumnsType<Row> = [
    {
      key: 'feature',
      title: 'Feature',
      render: (_, row) =>
        helpOf(row) ? (
          <>
            {row.label}
            <div className="feature-help" id={`feature-help-${row.key}`}>
              {helpOf(row)}
            </div>
          </>
        ) : (
          row.label
        ),
    },
    {
      key: 'enable',
      title: 'Enable',
      width: 200,
      render: (_, row) =>
        row.kind === 'max' ? null : (
          <div className="plan-control">
            <Switch
              aria-label={`Enable ${row.label}`}
              aria-describedby={
                [lockOf(row.key) && `plan-lock-${row.key}`, helpOf(row) && `feature-help-${row.key}`]
                  .filter(Boolean)
                  .join(' ') || undefined
              }
              checked={features[row.key].is_enable === 1}
              onChange={(on) => enable(row.key, on)}
            />
            {row.key === 'abx_test' && (
              <Select
                aria-label={`Trials of ${row.label}`}
                value={features.abx_test.trials}
                options={TRIAL_OPTIONS}
                onChange={(trials: number) => setFeatures((f) => ({ ...f, abx_test: { ...f.abx_test, trials } }))}
                style={{ width: 110 }}
                data-testid="abx-trials"
              />
            )}
            <PlanMark feature={lockOf(row.key)} />
          </div>
        ),
    },
    {
      key: 'setting',
      title: 'Order',
      width: 200,
      render: (_, row) => {
        if (row.kind === 'ordered')
          return (
            <Select
              aria-label={`Order of ${row.label}`}
              value={features[row.key].order}
              options={ORDER_OPTIONS}
              onChange={(order: number) => setFeatures((f) => setFeatureOrder(f, row.key, order))}
              style={{ width: 90 }}
              data-testid={`order-${row.key}`}
            />
          );
        if (row.kind === 'max')
          return (
            <div className="plan-control">
              <Select
                aria-label={`Max ${row.label}`}
                aria-describedby={lockOf(row.key) ? `plan-lock-${row.key}` : undefined}
                value={features[row.key].max_num}
                options={maxOptions(row.choices)}
                onChange={(max_num: number) => setFeatures((f) => ({ ...f, [row.key]: { max_num } }))}
                style={{ width: 140 }}
                data-testid={`max-${row.key}`}
              />
              <PlanMark feature={lockOf(row.key)} />
            </div>
          );
        return null;
      },
    },
  ];

  return (
    <TabFrame title={LABEL.tabFeatures} testId="tab-features" onSave={() => void submit()} saving={saving}>
      <Table<Row> rowKey="key" columns={columns} dataSource={ROWS} pagination={false} size="middle" />
    </TabFrame>
  );
}
