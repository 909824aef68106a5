import {
  ATK_SONGS_CHOICES,
  LABEL,
  NO_LIMIT,
  PRODUCTS_IN_PLAYER_CHOICES,
  type Subscription,
  SWITCHED_FEATURES,
  type SwitchedFeature,
} from '@atk/contract';
import { Form, Select, Switch } from 'antd';

/** The toggles' labels, in the spec's order. */
export const SWITCHED_FEATURE_LABELS: Record<SwitchedFeature, string> = {
  listening_guide: LABEL.tabListeningGuide,
  discography: LABEL.tabDiscography,
  frequency_graphs: LABEL.featureFrequencyGraphs,
  tech_specs: LABEL.tabTechSpecs,
  images: LABEL.tabImages,
  other_brands_products: LABEL.featureOtherBrandsProducts,
  my_audio: LABEL.featureMyAudio,
  listener_votes: LABEL.featureListenerVotes,
  abx_test: LABEL.featureAbxTest,
};

const maxOptions = (choices: readonly number[]) =>
  choices.map((n) => ({ value: n, label: n === NO_LIMIT ? LABEL.noLimit : `${n} maximum` }));

/** The two maximums, each with its label and choice list. */
const MAXIMUMS = [
  { key: 'products_in_player', label: LABEL.featureProductsInPlayer, options: maxOptions(PRODUCTS_IN_PLAYER_CHOICES) },
  { key: 'atk_songs', label: LABEL.featureAtkSongs, options: maxOptions(ATK_SONGS_CHOICES) },
] as const;

/** Only the subscription's own keys of a record that holds more (a plan: name, status, counts…). */
export const subscriptionOf = (from: Subscription): Subscription => {
  const out: Record<string, unknown> = {};
  // a record saved before a feature existed lacks it: not included
  for (const key of SWITCHED_FEATURES) out[key] = { is_enable: from[key]?.is_enable ?? 0 };
  for (const { key } of MAXIMUMS) out[key] = { max_num: from[key].max_num };
  return out as Subscription;
};

/**
 * The subscription's fields inside an antd Form (Customer edit, Plan edit): the eight switches (is_enable 1/0)
 * and the two maximums from their choice lists (5 or No limit, 3 or No limit).
 */
export function SubscriptionFields() {
  return (
    <div className="subscription-fields" data-testid="subscription-fields">
      {SWITCHED_FEATURES.map((key) => (
        <Form.Item
          key={key}
          name={[key, 'is_enable']}
          label={SWITCHED_FEATURE_LABELS[key]}
          valuePropName="checked"
          getValueProps={(v: unknown) => ({ checked: v === 1 })}
          normalize={(on: boolean) => (on ? 1 : 0)}
        >
          <Switch aria-label={SWITCHED_FEATURE_LABELS[key]} />
        </Form.Item>
      ))}
      {MAXIMUMS.map(({ key, label, options }) => (
        <Form.Item key={key} name={[key, 'max_num']} label={label}>
          <Select aria-label={label} options={options} style={{ width: 200 }} data-testid={`max-${key}`} />
        </Form.Item>
      ))}
    </div>
  );
}
