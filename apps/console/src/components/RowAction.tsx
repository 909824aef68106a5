import { LABEL } from '@atk/contract';
import { Button, Popconfirm } from 'antd';
import type { ReactNode } from 'react';

/**
 * One action of a table row (Edit, Manage, Delete, Confirm…): a link-styled button, behind a confirmation
 * ('Confirm to delete this record?') when `confirm` is given. `name` labels it for screen readers and tests:
 * 'Delete Acme'.
 */
export function RowAction({
  label,
  name,
  onClick,
  confirm,
  danger,
  busy,
}: {
  label: ReactNode;
  name: string;
  onClick: () => unknown;
  confirm?: string;
  danger?: boolean;
  busy?: boolean;
}) {
  const button = (
    <Button
      type="link"
      size="small"
      danger={danger}
      loading={busy}
      aria-label={`${typeof label === 'string' ? label : ''} ${name}`.trim()}
      onClick={confirm ? undefined : onClick}
    >
      {label}
    </Button>
  );
  if (!confirm) return button;
  return (
    <Popconfirm
      title={confirm}
      okText="OK"
      cancelText={LABEL.cancel}
      okButtonProps={{ danger }}
      onConfirm={() => onClick()}
    >
      {button}
    </Popconfirm>
  );
}
