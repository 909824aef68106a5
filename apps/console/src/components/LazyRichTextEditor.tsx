import { Skeleton } from 'antd';
import { lazy, Suspense } from 'react';
import type { RichTextEditorProps } from './RichTextEditor.tsx';

const RichTextEditor = lazy(() => import('./RichTextEditor.tsx'));

/** The rich-text editor, loaded in its own chunk the first time it is shown (docs/architecture.md "Settings screens"). */
export function LazyRichTextEditor(props: RichTextEditorProps) {
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
      <RichTextEditor {...props} />
    </Suspense>
  );
}
