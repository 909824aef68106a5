import { LABEL } from '@atk/contract';
import { Button, Card, Space } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';

/** The form layout of an edit page: labels left (a quarter), fields beside them. */
export const EDIT_FORM_LAYOUT = { layout: 'horizontal', labelCol: { span: 6 }, wrapperCol: { span: 12 } } as const;

/**
 * An edit page of one record outside tabs (CUSTOMER EDIT, PLAN EDIT): title, subtitle, the card of fields,
 * CANCEL (back to where the operator came from, else `fallback`) and SAVE CHANGES.
 */
export function EditFrame({
  title,
  subtitle,
  fallback,
  onSave,
  saving,
  testId,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  fallback: string;
  onSave: () => void;
  saving?: boolean;
  testId: string;
  children: ReactNode;
}) {
  const navigate = useNavigate();
  // React Router numbers the entries of its history: 0 is the first page of this tab
  const canGoBack = ((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0;
  const cancel = () => (canGoBack ? navigate(-1) : navigate(fallback));
  return (
    <div className="page" data-testid={testId}>
      <header className="page__header">
        <h1 className="page__title">{title}</h1>
        {subtitle && <p className="page__subtitle">{subtitle}</p>}
      </header>
      <Card className="page__card">{children}</Card>
      <div className="page__actions">
        <Space>
          <Button size="large" onClick={cancel} disabled={saving}>
            {LABEL.cancel}
          </Button>
          <Button type="primary" size="large" loading={saving} onClick={onSave}>
            {LABEL.saveChanges}
          </Button>
        </Space>
      </div>
    </div>
  );
}
