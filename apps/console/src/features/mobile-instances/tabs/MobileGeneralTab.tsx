import { LABEL, type MobileGeneral, mobileLaunchCode } from '@atk/contract';
import { Col, Form, Input, Row, Switch } from 'antd';
import { useNavigate } from 'react-router';
import { CodeBox } from '../../../components/CodeBox.tsx';
import { FormTabFrame, useFormTab } from '../../../components/FormTab.tsx';
import { NAME_RULES } from '../../../components/RecordFields.tsx';
import { type MobileTabProps, useSaveMobileInstance } from '../context.ts';

interface GeneralForm {
  name: string;
  published: boolean;
  votes: boolean;
}

const toGeneral = (v: Partial<GeneralForm>): MobileGeneral => ({
  name: (v.name ?? '').trim(),
  is_published: v.published ? 1 : 0,
  listener_votes: v.votes ? 1 : 0,
});

/**
 * General (docs/api.md "Mobile instances"): Name, the status as a switch (Active: the widget may open it;
 * Pending: not yet), Listener votes (off unless set: the widget's blind mode then asks which product the listener
 * preferred; the votes count at the platform level, widget_type mobile), and the Launch Code, the text a page puts to open the instance in the mobile widget, with a
 * copy button. SAVE CHANGES and CANCEL (back one page).
 */
export function MobileGeneralTab({ instance, binding }: MobileTabProps) {
  const navigate = useNavigate();
  const part = useSaveMobileInstance(instance._id);
  const tab = useFormTab({
    binding,
    fields: (): GeneralForm => ({
      name: instance.general.name,
      published: instance.general.is_published === 1,
      votes: instance.general.listener_votes === 1,
    }),
    toValue: (fields: GeneralForm) => toGeneral(fields),
    save: (general) => part.save({ general }),
    saving: part.saving,
  });

  return (
    <FormTabFrame
      tab={tab}
      after={
        <CodeBox
          label={LABEL.launchCode}
          code={mobileLaunchCode(window.location.origin, instance._id)}
          testId="launch-code"
        />
      }
      name="mobile-general"
      title={LABEL.tabGeneral}
      testId="tab-general"
      onCancel={() => navigate(-1)}
    >
      <Row gutter={24}>
        <Col xs={24} md={12}>
          <Form.Item name="name" label={LABEL.name} rules={NAME_RULES}>
            <Input maxLength={200} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="published" label={LABEL.status} valuePropName="checked">
            {/* named by its label, Status; an aria-label would hide the visible Active / Pending from its name */}
            <Switch checkedChildren={LABEL.statusActive} unCheckedChildren={LABEL.statusPending} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="votes"
            label={LABEL.featureListenerVotes}
            valuePropName="checked"
            extra="After a blind test, the widget asks listeners which product they preferred."
          >
            <Switch />
          </Form.Item>
        </Col>
      </Row>
    </FormTabFrame>
  );
}
