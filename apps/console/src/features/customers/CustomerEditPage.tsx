import { type AdminUserUpdate, LABEL, MSG, type Subscription } from '@atk/contract';
import { useQuery } from '@tanstack/react-query';
import { Form, Select } from 'antd';
import { useParams } from 'react-router';
import { RecordEditPage } from '../../components/RecordEditPage.tsx';
import { SubscriptionFields, subscriptionOf } from '../../components/SubscriptionFields.tsx';
import { useAreaBase } from '../../components/useAreaBase.ts';
import { planKeys, plansApi } from '../plans/api.ts';
import { customerKeys, customersApi } from './api.ts';

/** The form: the subscription's fields and the plan chosen (PUT /admin/users/{id} sends them as {subscription, plan_id}). */
type EditFields = Subscription & Pick<AdminUserUpdate, 'plan_id'>;

/**
 * CUSTOMER EDIT (/{area}/customers/{id}/edit; docs/api.md "Customers and plans"): the customer's subscription.
 * Choosing one of the published plans fills the switches and maximums (which stay editable); SAVE CHANGES sends
 * the subscription with the chosen plan; CANCEL goes back.
 */
export default function CustomerEditPage() {
  const { id = '' } = useParams();
  const base = useAreaBase();
  const customer = useQuery({ queryKey: customerKeys.one(id), queryFn: () => customersApi.read(id) });
  return (
    <RecordEditPage
      record={customer}
      title={LABEL.customerEdit}
      subtitle={(c) => c.master_brand_name ?? ''}
      fallback={`${base}/customers`}
      name="customer-edit"
      initial={(c): EditFields => ({ ...subscriptionOf(c.subscription), plan_id: c.plan_id ?? null })}
      save={({ plan_id, ...subscription }) =>
        customersApi.updateSubscription(id, subscriptionOf(subscription), plan_id ?? null)
      }
      success={MSG.updateSuccess}
      invalidate={[customerKeys.all, planKeys.all]}
      fields={(c) => (
        <>
          <PlanField chosenId={c.plan_id ?? ''} />
          <SubscriptionFields />
        </>
      )}
    />
  );
}

/** The published plans; choosing one fills the subscription's fields. */
function PlanField({ chosenId }: { chosenId: string }) {
  const form = Form.useFormInstance<EditFields>();
  const plans = useQuery({ queryKey: planKeys.publishedPicker(), queryFn: plansApi.publishedPicker });
  const planList = plans.data?.list ?? [];
  // the plan last chosen may be pending by now: it is still shown by its name
  const unlisted = plans.isSuccess && chosenId !== '' && !planList.some((p) => p._id === chosenId);
  const chosen = useQuery({
    queryKey: planKeys.one(chosenId),
    queryFn: () => plansApi.read(chosenId),
    enabled: unlisted,
  });
  const planOptions = planList.map((p) => ({ value: p._id, label: p.name }));
  if (unlisted && chosen.data) planOptions.push({ value: chosen.data._id, label: chosen.data.name });
  const choosePlan = (planId: string | undefined) => {
    const plan = planList.find((p) => p._id === planId);
    if (plan) form.setFieldsValue(subscriptionOf(plan));
  };
  return (
    <Form.Item name="plan_id" label={LABEL.plan}>
      <Select
        aria-label={LABEL.plan}
        allowClear
        placeholder="Choose a plan"
        loading={plans.isPending}
        options={planOptions}
        onChange={choosePlan}
        style={{ width: 260 }}
        data-testid="plan-select"
      />
    </Form.Item>
  );
}
