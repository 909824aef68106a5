import { type Instance, type InstanceUpdate, LABEL, MSG } from '@atk/contract';
import { App, Col, Form, Input, Row, Select } from 'antd';
import { useNavigate } from 'react-router';
import { CategoryFields, sideBySide } from '../../../components/CategoryFields.tsx';
import { CodeBox } from '../../../components/CodeBox.tsx';
import { FormTabFrame, useFormTab } from '../../../components/FormTab.tsx';
import { NAME_RULES, WebsiteField } from '../../../components/RecordFields.tsx';
import { STATUS_OPTIONS } from '../../../components/status.ts';
import { useBrandPending } from '../../../session/index.ts';
import { type TabProps, useSaveInstance } from '../context.ts';
import { embeddedCode, launchCode } from '../launch.ts';
import { publishConfirmed } from '../visibility.tsx';

interface GeneralForm {
  name: string;
  category_id: string | null;
  sub_category_id: string | null;
  is_published: 0 | 1;
  website: string;
}

const toForm = (i: Instance): GeneralForm => ({
  name: i.general.name,
  category_id: i.general.category_id,
  sub_category_id: i.general.sub_category_id,
  is_published: i.general.is_published,
  website: i.general.website ?? '',
});

type General = Extract<InstanceUpdate, { general: unknown }>['general'];
const toGeneral = (v: Partial<GeneralForm>, i: Instance, admin: boolean): General => {
  const general: General = {
    name: (v.name ?? '').trim(),
    category_id: v.category_id || null,
    sub_category_id: v.sub_category_id || null,
    is_published: v.is_published === 1 ? 1 : 0,
    website: v.website?.trim() || null,
  };
  if (admin) general.brand_id = i.brand_id;
  return general;
};

/**
 * General (docs/api.md "Instances and subscriptions"): Category, Sub Category, Name, Website, status, and the read-only generated
 * Launch Code (a script snippet) and Launch embedded Player Code (a player tag), each with a copy button.
 * SAVE CHANGES and CANCEL (back one page).
 */
export function GeneralTab({ instance, scope, binding, permission }: TabProps) {
  const brandPending = useBrandPending();
  const navigate = useNavigate();
  const part = useSaveInstance(scope, instance._id, permission);
  const { modal } = App.useApp();
  const tab = useFormTab({
    binding,
    fields: () => toForm(instance),
    toValue: (fields: GeneralForm) => toGeneral(fields, instance, scope.admin),
    // Publishing here warns of a player with no product to show, as the list's Publish does.
    save: async (general) => {
      const publishing = general.is_published === 1 && instance.general.is_published !== 1;
      if (publishing && !(await publishConfirmed(modal, instance))) return false;
      return part.save({ general });
    },
    saving: part.saving,
  });
  const { form, refresh } = tab;

  return (
    <FormTabFrame
      tab={tab}
      after={
        <>
          <CodeBox label={LABEL.launchCode} code={launchCode(instance._id)} testId="launch-code" />
          <CodeBox label={LABEL.embeddedCode} code={embeddedCode(instance._id)} testId="embedded-code" />
        </>
      }
      name="instance-general"
      title={LABEL.tabGeneral}
      testId="tab-general"
      onCancel={() => navigate(-1)}
    >
      <Row gutter={24}>
        <CategoryFields form={form} admin={scope.admin} onCleared={refresh} layout={sideBySide} />
        <Col xs={24} md={12}>
          <Form.Item name="name" label="Name" rules={NAME_RULES}>
            <Input maxLength={200} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="is_published"
            label={LABEL.status}
            extra={brandPending ? MSG.publishAwaitsBrand : undefined}
            data-testid="status-field"
          >
            <Select options={STATUS_OPTIONS} />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <WebsiteField />
        </Col>
      </Row>
    </FormTabFrame>
  );
}
