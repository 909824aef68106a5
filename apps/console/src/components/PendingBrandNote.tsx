import { Alert } from 'antd';
import { useBrandPending } from '../session/index.ts';

/**
 * Where a screen offers something that waits for the brand's confirmation (Publish, the integration snippets), this
 * says so, to the customer of a pending brand only; the shell's banner says the rest.
 */
export function PendingBrandNote({ text, testId }: { text: string; testId: string }) {
  if (!useBrandPending()) return null;
  return <Alert type="info" showIcon title={text} className="pending-brand-note" data-testid={testId} />;
}
