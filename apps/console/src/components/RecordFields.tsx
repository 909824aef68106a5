import { LABEL } from '@atk/contract';
import { Form, Input, Select } from 'antd';
import { STATUS_OPTIONS } from './status.ts';

/**
 * The Name and Status fields of a named record's form (brand, plan, catalogue): Status is Active or Pending.
 * `readOnlyName` shows the name without letting it change (the sub category's edit page).
 */
export function NameStatusFields({ statusWidth, readOnlyName }: { statusWidth?: number; readOnlyName?: boolean }) {
  return (
    <>
      <Form.Item name="name" label="Name">
        <Input maxLength={200} readOnly={readOnlyName} />
      </Form.Item>
      <Form.Item name="is_published" label={LABEL.status}>
        <Select options={STATUS_OPTIONS} style={statusWidth ? { width: statusWidth } : undefined} />
      </Form.Item>
    </>
  );
}

/** A new password and its confirmation (New Customer, Reset Password). */
export function PasswordFields() {
  return (
    <>
      <Form.Item name="password" label="Password">
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item name="password_confirm" label="Confirm Password">
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
