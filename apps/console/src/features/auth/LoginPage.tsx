import { LockOutlined, MailOutlined } from '@ant-design/icons';
import { LABEL, LOGIN_REDIRECT_DELAY_MS, MSG } from '@atk/contract';
import { App, Button, Form, Input } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { useSave } from '../../api/useSave.ts';
import { AuthLayout } from '../../components/AuthLayout.tsx';
import { usersApi } from '../../session/api.ts';
import { safeRedirect, useSession } from '../../session/index.ts';

interface LoginForm {
  email?: string;
  password?: string;
}

/**
 * Sign in (docs/api.md "Accounts"). Opened while signed in, it goes on to where signing in would (the redirect, else the
 * user's area: /client's guard sends each role to its own home) instead of offering a second sign-in.
 */
export function LoginPage() {
  const { message } = App.useApp();
  const { startSession, token } = useSession();
  // Only a session the page found on arrival: one it starts itself waits for the 'Login success' delay below.
  const [signedInOnArrival] = useState(() => token !== null);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const target = safeRedirect(params.get('redirect')) ?? '/client';
  const login = useSave({
    save: ({ email, password }: { email: string; password: string }) => usersApi.login(email, password),
    success: MSG.loginSuccess,
    onSaved: (data) => {
      startSession(data.token, data.user_info);
      timer.current = setTimeout(() => navigate(target, { replace: true }), LOGIN_REDIRECT_DELAY_MS);
    },
  });

  if (signedInOnArrival && token) return <Navigate to={target} replace />;

  const onFinish = ({ email = '', password = '' }: LoginForm) => {
    const trimmed = email.trim();
    if (!trimmed || !password) {
      message.warning(MSG.emailPasswordRequired);
      return;
    }
    login.mutate({ email: trimmed, password });
  };

  return (
    <AuthLayout
      alt={[
        { to: '/recover', label: LABEL.recoverAccount },
        { to: '/signup', label: `No account yet? ${LABEL.createAnAccount}` },
      ]}
      title="Sign in to your account"
      subtitle="Manage your products and players."
    >
      <Form<LoginForm> layout="vertical" requiredMark={false} onFinish={onFinish} name="login">
        <Form.Item label="Email" name="email">
          <Input prefix={<MailOutlined />} type="email" autoComplete="username" autoFocus />
        </Form.Item>
        <Form.Item label="Password" name="password">
          <Input.Password prefix={<LockOutlined />} autoComplete="current-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" loading={login.isPending || login.isSuccess}>
          {LABEL.signIn}
        </Button>
      </Form>
    </AuthLayout>
  );
}
