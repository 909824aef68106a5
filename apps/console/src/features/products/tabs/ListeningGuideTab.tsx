import { LABEL } from '@atk/contract';
import { Card } from 'antd';
import { LazyRichTextEditor } from '../../../components/LazyRichTextEditor.tsx';
import { TabFrame } from '../../../components/TabFrame.tsx';
import { useTabForm } from '../../../components/useTabForm.ts';
import { type TabProps, useSaveSection } from '../context.ts';

/** What a listening guide should answer. */
export const GUIDANCE = [
  'What audio qualities should the listener listen for?',
  'What are its relative characteristics?',
  'What is special about it?',
  'How does it differ from the other products in the line?',
  'What does it do that the others do not?',
  'Is it inspired by another product?',
  'What is its value versus the competition?',
  'What problem does it solve?',
  'Why would someone buy it?',
  'When should someone consider another product instead?',
  'Your elevator pitch.',
];

/** Listening Guide: a rich-text editor (Heading, Body, Bold, Italic, Underline, Link) beside the guidance. */
export function ListeningGuideTab({ product, scope, binding }: TabProps) {
  const section = useSaveSection(scope, product._id);
  const {
    value: html,
    setValue: setHtml,
    submit,
    saving,
  } = useTabForm({
    binding,
    initial: () => product.listening_guide?.content ?? '',
    save: (content) => section.save({ type: 'listening_guide', content: { content } }),
    saving: section.saving,
    snapshot: (text) => text,
  });

  return (
    <TabFrame title={LABEL.tabListeningGuide} testId="tab-listening-guide" onSave={() => void submit()} saving={saving}>
      <div className="guide-layout">
        <div className="guide-layout__editor">
          <LazyRichTextEditor value={html} onChange={setHtml} label="Listening guide" />
        </div>
        <Card size="small" title="What the guide should answer" className="guide-layout__help">
          <ul className="guide-help" data-testid="guide-help">
            {GUIDANCE.map((g) => (
              <li key={g}>{g}</li>
            ))}
          </ul>
        </Card>
      </div>
    </TabFrame>
  );
}
