import { LABEL, MSG, type PlanCreate } from '@atk/contract';
import { useNavigate } from 'react-router';
import { SaveDialog } from '../../components/FormDialog.tsx';
import { NameStatusFields } from '../../components/RecordFields.tsx';
import { planKeys, plansApi } from './api.ts';

/**
 * New Plan (docs/api.md "Customers and plans"): name and status; the server gives the features their defaults.
 * Once created, the plan's edit page opens, since its features are set there (the list reloads behind it).
 * Catalogue forms are not checked in the browser: the server's msg is shown.
 */
export function PlanDialog({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  return (
    <SaveDialog<PlanCreate, Awaited<ReturnType<typeof plansApi.create>>>
      title={LABEL.newPlan}
      name="plan-dialog"
      initialValues={{ is_published: 0 }}
      save={plansApi.create}
      success={MSG.createPlanSuccess}
      invalidate={[planKeys.all]}
      onSaved={(plan) => navigate(`/global/plans/${plan._id}/edit`)}
      onClose={onClose}
    >
      <NameStatusFields />
    </SaveDialog>
  );
}
