import { LockOutlined } from '@ant-design/icons';
import { LABEL, MSG } from '@atk/contract';
import { Form, type FormRule, Input, type InputProps, Select } from 'antd';
import type { ReactNode } from 'react';
import { STATUS_OPTIONS } from './status.ts';

/** A text field of a form: its label, and at most 200 characters (a name's limit) unless told. */
export function TextField({
  name,
  label,
  rules,
  maxLength = 200,
  ...input
}: { name: string; label: ReactNode; rules?: FormRule[] } & Omit<InputProps, 'name'>) {
  return (
    <Form.Item name={name} label={label} rules={rules}>
      <Input maxLength={maxLength} {...input} />
    </Form.Item>
  );
}

/**
 * The Name and Status fields of a named record's form (brand, plan, catalogue): Status is Active or Pending.
 * `readOnlyName` shows the name without letting it change (the sub category's edit page).
 */
export function NameStatusFields({ statusWidth, readOnlyName }: { statusWidth?: number; readOnlyName?: boolean }) {
  return (
    <>
      <TextField name="name" label="Name" readOnly={readOnlyName} />
      <Form.Item name="is_published" label={LABEL.status}>
        <Select options={STATUS_OPTIONS} style={statusWidth ? { width: statusWidth } : undefined} />
      </Form.Item>
    </>
  );
}

/** A web address field (an instance's, a retailer's): http(s) only, up to 2000 characters. */
export function WebsiteField() {
  return (
    <TextField
      name="website"
      label={LABEL.website}
      rules={[{ type: 'url', message: 'Enter a web address (http:// or https://)' }]}
      maxLength={2000}
      placeholder="https://www.example.com"
    />
  );
}

/**
 * A new password and its confirmation (New Customer; with `auth`, the lock icons and the focus of the reset and
 * invitation pages). `label` names the first ('Password' unless told); with `rule`, the first shows the password
 * rule (see NewPasswordField).
 */
export function PasswordFields({
  label = 'Password',
  confirmLabel = 'Confirm Password',
  auth = false,
  rule = false,
  autoFocus = auth,
}: {
  label?: string;
  confirmLabel?: string;
  auth?: boolean;
  rule?: boolean;
  autoFocus?: boolean;
}) {
  const prefix = auth ? <LockOutlined /> : undefined;
  return (
    <>
      <NewPasswordField label={label} prefix={prefix} rule={rule} autoFocus={autoFocus} />
      <Form.Item name="password_confirm" label={confirmLabel}>
        <Input.Password prefix={prefix} autoComplete="new-password" />
      </Form.Item>
    </>
  );
}

/**
 * The `password` field of a form that sets one. With `rule`, the password rule is its hint until the field shows an
 * error, which then takes the hint's place: a failed rule is printed once, in red, not under its own hint.
 */
export function NewPasswordField({
  label,
  prefix,
  rule = false,
  autoFocus = false,
}: {
  label: string;
  prefix?: ReactNode;
  rule?: boolean;
  autoFocus?: boolean;
}) {
  const field = (extra?: string) => (
    <Form.Item name="password" label={label} extra={extra}>
      <Input.Password prefix={prefix} autoComplete="new-password" autoFocus={autoFocus} />
    </Form.Item>
  );
  if (!rule) return field();
  return (
    <Form.Item noStyle shouldUpdate>
      {(form) => field(form.getFieldError('password').length ? undefined : MSG.passwordRule)}
    </Form.Item>
  );
}

/** An instance (desktop or mobile) needs a name: blank or spaces only is refused with the server's wording. */
export const NAME_RULES = [{ required: true, whitespace: true, message: MSG.nameRequired }];
