import { LABEL, MSG, type Plan, type PlanUpdate } from '@atk/contract';
import { useQuery } from '@tanstack/react-query';
import { Form, Result } from 'antd';
import { useParams } from 'react-router';
import { useSave } from '../../api/useSave.ts';
import { EDIT_FORM_LAYOUT, EditFrame } from '../../components/EditFrame.tsx';
import { PageSpinner } from '../../components/PageSpinner.tsx';
import { NameStatusFields } from '../../components/RecordFields.tsx';
import { SubscriptionFields, subscriptionOf } from '../../components/SubscriptionFields.tsx';
import { planKeys, plansApi } from './api.ts';

const LIST = '/global/plans';

/**
 * PLAN EDIT (spec 2 §2 /global/plans/{id}/edit): name, status, the seven switches and the two maximums.
 * Nothing is checked in the browser (spec 2 §5); SAVE CHANGES sends all of it, CANCEL goes back.
 */
export default function PlanEditPage() {
  const { id = '' } = useParams();
  const plan = useQuery({ queryKey: planKeys.one(id), queryFn: () => plansApi.read(id) });
  if (plan.isPending) return <PageSpinner />;
  if (plan.error) return <Result status="warning" title={plan.error.message} />;
  return <PlanForm key={plan.data.updated_at} plan={plan.data} />;
}

function PlanForm({ plan }: { plan: Plan }) {
  const [form] = Form.useForm<PlanUpdate>();
  const save = useSave({
    // the fields the server refuses show in red under them (docs/api.md "Refused fields")
    form,
    save: (fields: PlanUpdate) => plansApi.update(plan._id, fields),
    success: MSG.updatePlanSuccess,
    invalidate: [planKeys.all],
  });
  return (
    <EditFrame
      title={LABEL.planEdit}
      subtitle={plan.name}
      fallback={LIST}
      onSave={() => form.submit()}
      saving={save.isPending}
      testId="plan-edit"
    >
      <Form<PlanUpdate>
        form={form}
        name="plan-edit"
        {...EDIT_FORM_LAYOUT}
        initialValues={{ name: plan.name, is_published: plan.is_published, ...subscriptionOf(plan) }}
        onFinish={(fields) => save.mutate(fields)}
      >
        <NameStatusFields statusWidth={200} />
        <SubscriptionFields />
      </Form>
    </EditFrame>
  );
}
