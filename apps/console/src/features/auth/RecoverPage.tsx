import { MailOutlined } from '@ant-design/icons';
import { LABEL, MSG, NOTICE_LONG_S } from '@atk/contract';
import { useMutation } from '@tanstack/react-query';
import { App, Button, Form, Input } from 'antd';
import { useNavigate } from 'react-router';
import { reportError } from '../../api/client.ts';
import { AuthLayout, BACK_TO_SIGN_IN } from '../../components/AuthLayout.tsx';
import { usersApi } from '../../session/api.ts';

/** Account recovery request (docs/api.md "Accounts", "Sign-in and recovery limits"). */
export function RecoverPage() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const recover = useMutation({
    mutationFn: usersApi.requestReset,
    onSuccess: () => {
      message.success(MSG.recoverSent, NOTICE_LONG_S);
      navigate('/login');
    },
    onError: (e) => reportError(message.error, e),
  });

  const onFinish = ({ email = '' }: { email?: string }) => {
    const trimmed = email.trim();
    if (!trimmed) {
      message.warning(MSG.emailRequired);
      return;
    }
    recover.mutate(trimmed);
  };

  return (
    <AuthLayout
      alt={BACK_TO_SIGN_IN}
      title="Recover your account"
      subtitle="Enter the email of your account and we will send you a link to set a new password."
    >
      <Form<{ email?: string }> layout="vertical" requiredMark={false} onFinish={onFinish} name="recover">
        <Form.Item label="Email" name="email">
          <Input prefix={<MailOutlined />} type="email" autoComplete="email" autoFocus />
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" loading={recover.isPending}>
          {LABEL.resetPassword}
        </Button>
      </Form>
    </AuthLayout>
  );
}
