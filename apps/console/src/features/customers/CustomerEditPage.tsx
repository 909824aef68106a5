import { type AdminUserUpdate, LABEL, MSG, type Subscription } from '@atk/contract';
import { useQuery } from '@tanstack/react-query';
import { Form, Result, Select } from 'antd';
import { useParams } from 'react-router';
import { useSave } from '../../api/useSave.ts';
import { EDIT_FORM_LAYOUT, EditFrame } from '../../components/EditFrame.tsx';
import { PageSpinner } from '../../components/PageSpinner.tsx';
import { SubscriptionFields, subscriptionOf } from '../../components/SubscriptionFields.tsx';
import { useAreaBase } from '../../components/useAreaBase.ts';
import { planKeys, plansApi } from '../plans/api.ts';
import { customerKeys, customersApi } from './api.ts';

/** The form: the subscription's fields and the plan chosen (PUT /admin/users/{id} sends them as {subscription, plan_id}). */
type EditFields = Subscription & Pick<AdminUserUpdate, 'plan_id'>;

/**
 * CUSTOMER EDIT (spec 2 §2 Customer edit), /{area}/customers/{id}/edit: the customer's subscription. Choosing
 * one of the published plans fills the switches and maximums (which stay editable); SAVE CHANGES sends the
 * subscription with the chosen plan; CANCEL goes back.
 */
export default function CustomerEditPage() {
  const { id = '' } = useParams();
  const customer = useQuery({ queryKey: customerKeys.one(id), queryFn: () => customersApi.read(id) });
  if (customer.isPending) return <PageSpinner />;
  if (customer.error) return <Result status="warning" title={customer.error.message} />;
  const c = customer.data;
  return (
    <CustomerForm
      id={id}
      subtitle={c.master_brand_name ?? ''}
      initial={{ ...subscriptionOf(c.subscription), plan_id: c.plan_id ?? null }}
    />
  );
}

function CustomerForm({ id, subtitle, initial }: { id: string; subtitle: string; initial: EditFields }) {
  const base = useAreaBase();
  const [form] = Form.useForm<EditFields>();
  const plans = useQuery({ queryKey: planKeys.publishedPicker(), queryFn: plansApi.publishedPicker });
  const planList = plans.data?.list ?? [];
  // the plan last chosen may be pending by now: it is still shown by its name
  const chosenId = initial.plan_id ?? '';
  const unlisted = plans.isSuccess && chosenId !== '' && !planList.some((p) => p._id === chosenId);
  const chosen = useQuery({
    queryKey: planKeys.one(chosenId),
    queryFn: () => plansApi.read(chosenId),
    enabled: unlisted,
  });
  const planOptions = planList.map((p) => ({ value: p._id, label: p.name }));
  if (unlisted && chosen.data) planOptions.push({ value: chosen.data._id, label: chosen.data.name });
  const save = useSave({
    // the fields the server refuses show in red under them (docs/api.md "Refused fields")
    form,
    save: ({ plan_id, ...subscription }: EditFields) =>
      customersApi.updateSubscription(id, subscriptionOf(subscription), plan_id ?? null),
    success: MSG.updateSuccess,
    invalidate: [customerKeys.all, planKeys.all],
  });
  const choosePlan = (planId: string | undefined) => {
    const plan = planList.find((p) => p._id === planId);
    if (plan) form.setFieldsValue(subscriptionOf(plan));
  };
  return (
    <EditFrame
      title={LABEL.customerEdit}
      subtitle={subtitle}
      fallback={`${base}/customers`}
      onSave={() => form.submit()}
      saving={save.isPending}
      testId="customer-edit"
    >
      <Form<EditFields>
        form={form}
        name="customer-edit"
        {...EDIT_FORM_LAYOUT}
        initialValues={initial}
        onFinish={(fields) => save.mutate(fields)}
      >
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
        <SubscriptionFields />
      </Form>
    </EditFrame>
  );
}
