import { MSG, NOTICE_LONG_S } from '@atk/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Form } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { type ApiError, errorText } from '../../api/client.ts';
import { clearFieldErrors } from '../../api/fieldErrors.ts';
import { AuthLayout, BACK_TO_SIGN_IN } from '../../components/AuthLayout.tsx';
import { PageSpinner } from '../../components/PageSpinner.tsx';
import { newPasswordProblems, showPasswordProblems } from '../../components/passwordCheck.ts';
import { PasswordFields } from '../../components/RecordFields.tsx';
import { userKeys, usersApi } from '../../session/api.ts';

export const SET_NEW_PASSWORD = 'Set New Password';

interface ResetForm {
  password?: string;
  password_confirm?: string;
}

/** Reset with the emailed link /recover/{uuid} (docs/api.md "Accounts"). */
export function ResetPasswordPage() {
  const { uuid = '' } = useParams();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<ResetForm>();
  const [error, setError] = useState<string | null>(null);
  // A used, expired or unknown link says so at once, before the form is filled in.
  const link = useQuery<unknown, ApiError>({
    queryKey: userKeys.resetLink(uuid),
    queryFn: () => usersApi.checkReset(uuid),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });

  const reset = useMutation({
    mutationFn: (p: { password: string; password_confirm: string }) =>
      usersApi.completeReset(uuid, p.password, p.password_confirm),
    onSuccess: () => {
      message.success(MSG.passwordSet, NOTICE_LONG_S);
      navigate('/login');
    },
    onError: (e) => {
      const text = errorText(e);
      setError(text);
      message.error(text);
    },
  });

  const onFinish = ({ password = '', password_confirm = '' }: ResetForm) => {
    clearFieldErrors(form);
    if (showPasswordProblems(form, newPasswordProblems(password, password_confirm))) return;
    setError(null);
    reset.mutate({ password, password_confirm });
  };

  const linkError = link.error ? errorText(link.error) : null;
  const shownError = linkError ?? error;
  return (
    <AuthLayout
      alt={BACK_TO_SIGN_IN}
      title="Create a new password"
      subtitle="Choose the password you will sign in with."
    >
      {shownError && (
        <div data-testid="reset-error">
          <Alert
            type="error"
            showIcon
            className="auth-card__alert"
            title={shownError}
            description={
              <>
                You can <Link to="/recover">request a new link</Link>.
              </>
            }
          />
        </div>
      )}
      {link.isPending && <PageSpinner />}
      {link.isSuccess && (
        <Form<ResetForm> form={form} layout="vertical" requiredMark={false} onFinish={onFinish} name="reset">
          <PasswordFields label="New Password" auth rule />
          <Button type="primary" htmlType="submit" block size="large" loading={reset.isPending}>
            {SET_NEW_PASSWORD}
          </Button>
        </Form>
      )}
    </AuthLayout>
  );
}
