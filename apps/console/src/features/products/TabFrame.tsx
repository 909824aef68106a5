import { LABEL } from '@atk/contract';
import { Button } from 'antd';
import type { ReactNode } from 'react';

/** The frame of a product tab: its heading, its content and the SAVE CHANGES button. */
export function TabFrame({
  title,
  extra,
  children,
  onSave,
  saving,
  saveDisabled,
  testId,
}: {
  title: string;
  extra?: ReactNode;
  children: ReactNode;
  /** Omitted when the tab saves as it goes. */
  onSave?: () => void;
  saving?: boolean;
  saveDisabled?: boolean;
  testId: string;
}) {
  return (
    <section className="product-tab" data-testid={testId}>
      <header className="product-tab__header">
        <h2 className="product-tab__title">{title}</h2>
        {extra && <div className="product-tab__extra">{extra}</div>}
      </header>
      <div className="product-tab__body">{children}</div>
      {onSave && (
        <footer className="product-tab__footer">
          <Button type="primary" size="large" loading={saving} disabled={saveDisabled} onClick={onSave}>
            {LABEL.saveChanges}
          </Button>
        </footer>
      )}
    </section>
  );
}
