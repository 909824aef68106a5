import { LABEL, MSG, type PlanCreate } from '@atk/contract';
import { useNavigate } from 'react-router';
import { useSave } from '../../api/useSave.ts';
import { FormDialog } from '../../components/FormDialog.tsx';
import { NameStatusFields } from '../../components/RecordFields.tsx';
import { planKeys, plansApi } from './api.ts';

/**
 * New Plan (spec 2 §2 /global/plans): name and status; the server gives the features their defaults. Once
 * created, the plan's edit page opens, since its features are set there (the list reloads behind it).
 * Catalogue forms are not checked in the browser (spec 2 §5): the server's msg is shown.
 */
export function PlanDialog({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const save = useSave({
    save: (fields: PlanCreate) => plansApi.create(fields),
    success: MSG.createPlanSuccess,
    invalidate: [planKeys.all],
    onSaved: (plan) => navigate(`/global/plans/${plan._id}/edit`),
  });
  return (
    <FormDialog<PlanCreate>
      open
      title={LABEL.newPlan}
      name="plan-dialog"
      initialValues={{ is_published: 0 }}
      onSubmit={save.mutateAsync}
      onClose={onClose}
    >
      <NameStatusFields />
    </FormDialog>
  );
}
