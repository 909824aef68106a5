import { LABEL } from '@atk/contract';
import { Card } from 'antd';
import { useState } from 'react';
import { useTabBinding } from '../../../components/DirtyTabs.tsx';
import { LazyRichTextEditor } from '../../../components/LazyRichTextEditor.tsx';
import { TabFrame } from '../../../components/TabFrame.tsx';
import { type TabProps, useSaveSection } from '../context.ts';

/** What a listening guide should answer (spec 3 §2). */
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
  const [html, setHtml] = useState(() => product.listening_guide?.content ?? '');
  const [saved, setSaved] = useState(html);
  const { save, saving } = useSaveSection(scope, product._id);
  const dirty = html !== saved;

  const submit = async () => {
    const content = html;
    const ok = await save({ type: 'listening_guide', content: { content } });
    if (ok) setSaved(content);
    return ok;
  };
  useTabBinding(binding, dirty, submit);

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
