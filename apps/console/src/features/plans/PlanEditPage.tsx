import { LABEL, MSG, type PlanUpdate } from '@atk/contract';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { RecordEditPage } from '../../components/RecordEditPage.tsx';
import { NameStatusFields } from '../../components/RecordFields.tsx';
import { SubscriptionFields, subscriptionOf } from '../../components/SubscriptionFields.tsx';
import { planKeys, plansApi } from './api.ts';

/**
 * PLAN EDIT (/global/plans/{id}/edit; docs/api.md "Customers and plans"): name, status, the seven switches and the
 * two maximums. Nothing is checked in the browser; SAVE CHANGES sends all of it, CANCEL goes back.
 */
export default function PlanEditPage() {
  const { id = '' } = useParams();
  const plan = useQuery({ queryKey: planKeys.one(id), queryFn: () => plansApi.read(id) });
  return (
    <RecordEditPage
      record={plan}
      title={LABEL.planEdit}
      subtitle={(p) => p.name}
      fallback="/global/plans"
      name="plan-edit"
      version={(p) => p.updated_at}
      initial={(p): PlanUpdate => ({ name: p.name, is_published: p.is_published, ...subscriptionOf(p) })}
      save={(fields, p) => plansApi.update(p._id, fields)}
      success={MSG.updatePlanSuccess}
      invalidate={[planKeys.all]}
      fields={() => (
        <>
          <NameStatusFields statusWidth={200} />
          <SubscriptionFields />
        </>
      )}
    />
  );
}
