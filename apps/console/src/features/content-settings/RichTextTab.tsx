import { LazyRichTextEditor } from '../../components/LazyRichTextEditor.tsx';
import { TabFrame } from '../../components/TabFrame.tsx';
import { useTabForm } from '../../components/useTabForm.ts';
import type { SettingTabProps } from './settingTabs.tsx';

/** One rich-text part of a settings record (a guide tab, an info page): the editor, CANCEL and SAVE CHANGES. */
export function RichTextTab({
  binding,
  title,
  testId,
  initial,
  save,
  saving,
  onCancel,
}: SettingTabProps<string> & { title: string; testId: string }) {
  const { value, setValue, submit } = useTabForm({
    binding,
    initial: () => initial,
    save,
    saving,
    snapshot: (html) => html,
  });
  return (
    <TabFrame title={title} testId={testId} onSave={() => void submit()} onCancel={onCancel} saving={saving}>
      <LazyRichTextEditor value={value} onChange={setValue} label={title} />
    </TabFrame>
  );
}
