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
 * invitation pages). `label` names the first ('Password' unless told).
 */
export function PasswordFields({ label = 'Password', auth = false }: { label?: string; auth?: boolean }) {
  const prefix = auth ? <LockOutlined /> : undefined;
  return (
    <>
      <Form.Item name="password" label={label}>
        <Input.Password prefix={prefix} autoComplete="new-password" autoFocus={auth} />
      </Form.Item>
      <Form.Item name="password_confirm" label="Confirm Password">
        <Input.Password prefix={prefix} autoComplete="new-password" />
      </Form.Item>
    </>
  );
}

/** An instance (desktop or mobile) needs a name: blank or spaces only is refused with the server's wording. */
export const NAME_RULES = [{ required: true, whitespace: true, message: MSG.nameRequired }];
