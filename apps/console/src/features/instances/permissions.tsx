import { MailOutlined } from '@ant-design/icons';
import { LABEL, MSG, PERMISSION, SALES_EMAIL } from '@atk/contract';
import { Button, Modal } from 'antd';

/** A feature the server refuses by name ('permission error - features - {feature}', spec 3 §8). */
export type RefusedFeature =
  | 'discography'
  | 'frequency_graphs'
  | 'tech_specs'
  | 'products_in_player'
  | 'other_brands_products'
  | 'atk_songs'
  | 'my_audio';

/** The explanatory dialogs (spec 3 §6, §8). */
export type PermissionKind = 'upgrade' | 'products' | 'sources' | 'myAudio' | 'otherBrands';

export type Refusal = { kind: 'feature'; feature: RefusedFeature } | { kind: Exclude<PermissionKind, 'upgrade'> };

const FEATURE_REFUSALS = Object.entries(PERMISSION).filter(([, msg]) =>
  msg.startsWith('permission error - features - '),
);

/** What a server msg refuses, or null for any other msg (shown as a plain error toast). */
export function refusalOf(msg: string): Refusal | null {
  const feature = FEATURE_REFUSALS.find(([, m]) => m === msg);
  if (feature) return { kind: 'feature', feature: feature[0] as RefusedFeature };
  if (msg === PERMISSION.products) return { kind: 'products' };
  if (msg === PERMISSION.sources) return { kind: 'sources' };
  if (msg === PERMISSION.mySources || msg === PERMISSION.myAudio) return { kind: 'myAudio' };
  return null;
}

const CONTENT: Record<PermissionKind, { title: string; text: string }> = {
  upgrade: { title: LABEL.upgradeTitle, text: MSG.upgradeRequired },
  products: { title: LABEL.upgradeTitle, text: MSG.productsPermission },
  sources: { title: LABEL.upgradeTitle, text: MSG.sourcesPermission },
  myAudio: { title: LABEL.featureMyAudio, text: MSG.myAudioPermission },
  otherBrands: { title: LABEL.featureOtherBrandsProducts, text: MSG.otherBrandsPermission },
};

/**
 * The upgrade dialog and the permission-info dialogs: what is not included, and a link to write to the
 * provider's sales team.
 */
export function PermissionDialog({ kind, onClose }: { kind: PermissionKind | null; onClose: () => void }) {
  const content = kind ? CONTENT[kind] : null;
  return (
    <Modal
      open={kind !== null}
      title={content?.title}
      onCancel={onClose}
      width={480}
      footer={[
        <Button key="sales" icon={<MailOutlined />} href={`mailto:${SALES_EMAIL}`} data-testid="contact-sales">
          {LABEL.contactSales}
        </Button>,
        <Button key="ok" type="primary" onClick={onClose}>
          OK
        </Button>,
      ]}
    >
      <p data-testid="permission-text">{content?.text}</p>
    </Modal>
  );
}
