import { LABEL, MSG, type PlanCreate } from '@atk/contract';
import { Form, Input, Select } from 'antd';
import { useNavigate } from 'react-router';
import { useSave } from '../../api/useSave.ts';
import { FormDialog } from '../../components/FormDialog.tsx';
import { STATUS_OPTIONS } from '../../components/status.ts';
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
      <Form.Item name="name" label="Name">
        <Input maxLength={200} />
      </Form.Item>
      <Form.Item name="is_published" label={LABEL.status}>
        <Select options={STATUS_OPTIONS} />
      </Form.Item>
    </FormDialog>
  );
}
