import { LABEL } from '@atk/contract';
import { Button, type ButtonProps, Popconfirm, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * One action of a table row (Edit, Manage, Delete, Confirm…): a link-styled button, behind a confirmation
 * ('Confirm to delete this record?') when `confirm` is given, or a link to another screen when `to` is given.
 * `name` labels it for screen readers and tests: 'Delete Acme'. Its label stays visible and its target at least
 * 24 × 24 px on a phone (`.row-action`, docs/accessibility.md), so every /client table's actions read and tap
 * the same way.
 */
export function RowAction({
  label,
  name,
  onClick,
  to,
  confirm,
  danger,
  busy,
  testId,
}: {
  label: ReactNode;
  name: string;
  onClick?: () => unknown;
  /** A screen of its own (Edit, Analytics): a link rather than a button. */
  to?: string;
  confirm?: string;
  danger?: boolean;
  busy?: boolean;
  testId?: string;
}) {
  const ariaLabel = `${typeof label === 'string' ? label : ''} ${name}`.trim();
  if (to !== undefined)
    return (
      <Link to={to} className="row-action" aria-label={ariaLabel} data-testid={testId}>
        {label}
      </Link>
    );
  const button = (
    <Button
      type="link"
      size="small"
      className="row-action"
      danger={danger}
      loading={busy}
      aria-label={ariaLabel}
      data-testid={testId}
      onClick={confirm ? undefined : () => onClick?.()}
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
      onConfirm={() => onClick?.()}
    >
      {button}
    </Popconfirm>
  );
}

/**
 * An icon-only action of a row (Edit source, Remove price row…): its name is its accessible label and its
 * tooltip, so a sighted phone user learns what the icon does as well (docs/accessibility.md); small buttons are
 * 24 × 24 px, the smallest target allowed. Not inside a Popconfirm: the tooltip would cover what the click opens
 * (a plain Button with its aria-label there).
 */
export function IconAction({ label, ...button }: { label: string } & Omit<ButtonProps, 'aria-label' | 'title'>) {
  return (
    <Tooltip title={label}>
      <Button {...button} aria-label={label} />
    </Tooltip>
  );
}
