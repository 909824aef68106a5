import { LockOutlined } from '@ant-design/icons';
import { LABEL, MSG } from '@atk/contract';
import { App, Button, Card, Col, Form, Input, Row } from 'antd';
import { clearFieldErrors } from '../../api/fieldErrors.ts';
import { useSave } from '../../api/useSave.ts';
import { newPasswordProblems, showPasswordProblems } from '../../components/passwordCheck.ts';
import { NewPasswordField } from '../../components/RecordFields.tsx';
import { usersApi } from '../../session/api.ts';

interface PasswordForm {
  origin_password?: string;
  password?: string;
  password_confirm?: string;
}

/**
 * Changing the password from the profile (POST /users/update_password; docs/api.md "Console decisions where the spec is silent"): the current password, then the
 * new one under the contract's password rule. The server ends the user's other sessions; this one stays signed in.
 */
export function PasswordCard() {
  const { message } = App.useApp();
  const [form] = Form.useForm<PasswordForm>();

  const change = useSave({
    save: (p: Required<PasswordForm>) => usersApi.changePassword(p.origin_password, p.password, p.password_confirm),
    success: MSG.passwordSet,
    form,
    onSaved: () => {
      form.resetFields();
      message.info(MSG.otherSessionsEnded);
    },
  });

  // each problem under the field it is about: the mismatch under the confirmation, even while the rule fails
  const onFinish = ({ origin_password = '', password = '', password_confirm = '' }: PasswordForm) => {
    clearFieldErrors(form);
    const problems = newPasswordProblems(password, password_confirm);
    if (!origin_password) form.setFields([{ name: 'origin_password', errors: [MSG.currentPasswordRequired] }]);
    if (showPasswordProblems(form, problems) || !origin_password) return;
    change.mutate({ origin_password, password, password_confirm });
  };

  return (
    <Card className="page__card" title={LABEL.password}>
      <Form<PasswordForm> form={form} name="password" layout="vertical" requiredMark={false} onFinish={onFinish}>
        <Row gutter={24}>
          <Col xs={24} md={12}>
            <Form.Item label={LABEL.currentPassword} name="origin_password">
              <Input.Password prefix={<LockOutlined />} autoComplete="current-password" />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={24}>
          <Col xs={24} md={12}>
            <NewPasswordField label={LABEL.newPassword} prefix={<LockOutlined />} rule />
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label={LABEL.confirmNewPassword} name="password_confirm">
              <Input.Password prefix={<LockOutlined />} autoComplete="new-password" />
            </Form.Item>
          </Col>
        </Row>
        <Button htmlType="submit" loading={change.isPending}>
          {LABEL.changePassword}
        </Button>
      </Form>
    </Card>
  );
}
