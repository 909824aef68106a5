import { LABEL } from '@atk/contract';
import { Button, Space } from 'antd';
import type { ReactNode } from 'react';

/** The frame of a product or instance tab: heading, content, SAVE CHANGES (and CANCEL where the spec has one). */
export function TabFrame({
  title,
  extra,
  children,
  onSave,
  onCancel,
  saving,
  saveDisabled,
  testId,
}: {
  title: string;
  extra?: ReactNode;
  children: ReactNode;
  onSave?: () => void;
  onCancel?: () => void;
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
      {(onSave || onCancel) && (
        <footer className="product-tab__footer">
          <Space>
            {onCancel && (
              <Button size="large" onClick={onCancel} disabled={saving}>
                {LABEL.cancel}
              </Button>
            )}
            {onSave && (
              <Button type="primary" size="large" loading={saving} disabled={saveDisabled} onClick={onSave}>
                {LABEL.saveChanges}
              </Button>
            )}
          </Space>
        </footer>
      )}
    </section>
  );
}
