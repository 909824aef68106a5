import { LABEL, MSG, TOOLTIP_CONTENT_MAX, type Tooltip, type TooltipCreate } from '@atk/contract';
import { Form, Input, Select } from 'antd';
import { useSave } from '../../api/useSave.ts';
import { FormDialog } from '../../components/FormDialog.tsx';
import { FEATURE_OPTIONS, tooltipKeys, tooltipsApi } from './api.ts';

/**
 * New Tooltip / Edit Tooltip: the feature and a multi-line content. Nothing is checked in the
 * browser: the server's msg is shown. After the save the dialog closes and the list reloads.
 */
export function TooltipDialog({ tooltip, onClose }: { tooltip: Tooltip | 'new'; onClose: () => void }) {
  const editing = tooltip !== 'new';
  const save = useSave({
    save: (fields: TooltipCreate) => (editing ? tooltipsApi.update(tooltip._id, fields) : tooltipsApi.create(fields)),
    success: editing ? MSG.updateTooltipSuccess : MSG.createTooltipSuccess,
    invalidate: [tooltipKeys.all],
  });
  return (
    <FormDialog<TooltipCreate>
      open
      title={editing ? LABEL.editTooltip : LABEL.newTooltip}
      name="tooltip-dialog"
      initialValues={editing ? { feature: tooltip.feature, content: tooltip.content } : {}}
      onSubmit={save.mutateAsync}
      onClose={onClose}
    >
      <Form.Item name="feature" label="Feature">
        <Select options={FEATURE_OPTIONS} />
      </Form.Item>
      <Form.Item name="content" label="Content">
        <Input.TextArea autoSize={{ minRows: 4, maxRows: 12 }} maxLength={TOOLTIP_CONTENT_MAX} showCount />
      </Form.Item>
    </FormDialog>
  );
}
