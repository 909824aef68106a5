import type { TabBinding } from '../../components/DirtyTabs.tsx';
import { LazyRichTextEditor } from '../../components/LazyRichTextEditor.tsx';
import { TabFrame } from '../../components/TabFrame.tsx';
import { useTabForm } from '../../components/useTabForm.ts';

/** One rich-text part of a settings record (a guide tab, an info page): the editor, CANCEL and SAVE CHANGES. */
export function RichTextTab({
  binding,
  title,
  testId,
  initial,
  save,
  saving,
  onCancel,
}: {
  binding: TabBinding;
  title: string;
  testId: string;
  initial: string;
  save: (html: string) => Promise<boolean>;
  saving: boolean;
  onCancel: () => void;
}) {
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
