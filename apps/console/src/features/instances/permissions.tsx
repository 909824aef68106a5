import { LockOutlined, MailOutlined } from '@ant-design/icons';
import { GATED_FEATURES, type GatedFeature, LABEL, MSG, PERMISSION, SALES_EMAIL } from '@atk/contract';
import { Button, Modal } from 'antd';
import { gatedName } from './plan.ts';

/** The explanatory dialogs. */
export type PermissionKind = 'upgrade' | 'products' | 'sources' | 'myAudio' | 'otherBrands';

/** A dialog to show: which one, and for the upgrade dialog the features the subscription does not include. */
export interface PermissionRequest {
  kind: PermissionKind;
  features?: readonly GatedFeature[];
}

/** Opens an upgrade / permission-info dialog. */
export type OpenPermission = (kind: PermissionKind, features?: readonly GatedFeature[]) => void;

export type Refusal = { kind: 'feature'; feature: GatedFeature } | { kind: Exclude<PermissionKind, 'upgrade'> };

/**
 * What a server msg refuses, or null for any other msg (shown as a plain error toast). The console refuses the
 * features it knows the subscription lacks before saving; this reads the server's 402 for what it did not foresee
 * (an operator's save, a subscription lowered meanwhile).
 */
export function refusalOf(msg: string): Refusal | null {
  const feature = GATED_FEATURES.find((f) => PERMISSION[f] === msg);
  if (feature) return { kind: 'feature', feature };
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
 * The upgrade dialog and the permission-info dialogs: what is not included (the upgrade dialog names every
 * feature refused), and a link to write to the provider's sales team.
 */
export function PermissionDialog({ request, onClose }: { request: PermissionRequest | null; onClose: () => void }) {
  const content = request ? CONTENT[request.kind] : null;
  const features = request?.features ?? [];
  return (
    <Modal
      open={request !== null}
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
      {features.length > 0 && (
        <>
          <p className="plan-refused__title">{LABEL.notInPlanList}</p>
          <ul className="plan-refused" data-testid="permission-features">
            {features.map((f) => (
              <li key={f}>
                <LockOutlined /> {gatedName(f)}
              </li>
            ))}
          </ul>
        </>
      )}
    </Modal>
  );
}
