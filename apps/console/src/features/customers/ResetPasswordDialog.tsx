import { type AdminUserRow, LABEL, MSG } from '@atk/contract';
import { App, Form, Input } from 'antd';
import { useSave } from '../../api/useSave.ts';
import { FormDialog } from '../../components/FormDialog.tsx';
import { PasswordFields } from '../../components/RecordFields.tsx';
import { customersApi } from './api.ts';

interface ResetFields {
  email: string;
  password?: string;
  password_confirm?: string;
}

/**
 * Reset Password: the customer's email, read-only, and the new password twice. Empty gives
 * 'Please enter the new password', a different confirmation 'Password and confirm password must match'.
 */
export function ResetPasswordDialog({ customer, onClose }: { customer: AdminUserRow; onClose: () => void }) {
  const { message } = App.useApp();
  const save = useSave({
    save: ({ password = '', password_confirm = '' }: ResetFields) =>
      customersApi.resetPassword(customer._id, password, password_confirm),
    success: MSG.resetPasswordSuccess,
  });
  const submit = (fields: ResetFields) => {
    if (!fields.password) {
      message.warning(MSG.enterNewPassword);
      return Promise.resolve(false);
    }
    if (fields.password !== fields.password_confirm) {
      message.warning(MSG.passwordMismatch);
      return Promise.resolve(false);
    }
    return save.mutateAsync(fields);
  };
  return (
    <FormDialog<ResetFields>
      open
      title={LABEL.resetPassword}
      name="reset-password-dialog"
      initialValues={{ email: customer.email }}
      onSubmit={submit}
      onClose={onClose}
    >
      <Form.Item name="email" label="Email">
        <Input readOnly />
      </Form.Item>
      <PasswordFields />
    </FormDialog>
  );
}
