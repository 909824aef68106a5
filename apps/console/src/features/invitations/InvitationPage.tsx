import { type InvitationData, LABEL } from '@atk/contract';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Form, Modal, Result } from 'antd';
import { type ComponentType, type ReactNode, useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { ApiError } from '../../api/client.ts';
import { clearFieldErrors } from '../../api/fieldErrors.ts';
import { useSave } from '../../api/useSave.ts';
import { AuthLayout } from '../../components/AuthLayout.tsx';
import { PageSpinner } from '../../components/PageSpinner.tsx';
import { newPasswordProblems, showPasswordProblems } from '../../components/passwordCheck.ts';
import { PasswordFields } from '../../components/RecordFields.tsx';
import { TermsAndCreate } from '../../components/TermsAndCreate.tsx';
import { usersApi } from '../../session/api.ts';
import { useSession } from '../../session/index.ts';
import { invitationPageKeys, invitationsApi } from './api.ts';

interface PasswordForm {
  password?: string;
  password_confirm?: string;
  agree?: boolean;
}

/**
 * The invitation page (docs/api.md "Accounts", GET /invitations/{uuid}): a usable invitation renders inside the client shell (`shell`), its token
 * becomes the session, a blocking dialog sets the password, then Welcome → Create Profile → /client/profile. A
 * used, expired or unknown link has no session to show a shell for: it says so on a page of its own.
 */
export default function InvitationPage({ shell: Shell }: { shell: ComponentType<{ children?: ReactNode }> }) {
  const { uuid = '' } = useParams();
  const invitation = useQuery<InvitationData, ApiError>({
    queryKey: invitationPageKeys.one(uuid),
    queryFn: () => invitationsApi.read(uuid),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
  });

  if (invitation.isPending) return <PageSpinner />;
  if (invitation.error) {
    return (
      <AuthLayout title="Your invitation">
        <div data-testid="invitation-error">
          <Result
            status="warning"
            title={invitation.error.message}
            subTitle="Ask the person who invited you for a new invitation, or sign in if you already have an account."
            extra={<Link to="/login">Go to sign in</Link>}
          />
        </div>
      </AuthLayout>
    );
  }
  return (
    <Shell>
      <InvitationDialogs data={invitation.data} />
    </Shell>
  );
}

function InvitationDialogs({ data }: { data: InvitationData }) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { startSession } = useSession();
  const [form] = Form.useForm<PasswordForm>();
  const [stage, setStage] = useState<'password' | 'welcome'>('password');

  useEffect(() => {
    startSession(data.token, data.user_info);
  }, [data, startSession]);

  const setPassword = useSave({
    save: (p: { password: string; password_confirm: string }) =>
      usersApi.setInitialPassword(p.password, p.password_confirm),
    // no toast of the password dialog (a refusal) stays up over Welcome
    onSaved: () => {
      message.destroy();
      setStage('welcome');
    },
  });

  const createAccount = ({ password = '', password_confirm = '' }: PasswordForm) => {
    clearFieldErrors(form);
    if (showPasswordProblems(form, newPasswordProblems(password, password_confirm))) return;
    setPassword.mutate({ password, password_confirm });
  };

  const email = data.user_info.email;
  return (
    <>
      <Result status="info" title="Welcome to ATK Player" subTitle={`Your invitation for ${email} is ready.`} />

      <Modal
        open={stage === 'password'}
        title="Create your password"
        closable={false}
        keyboard={false}
        mask={{ closable: false }}
        footer={null}
        destroyOnHidden
        data-testid="invitation-password-dialog"
      >
        <p>
          Set the password for <strong>{email}</strong>.
        </p>
        <Form<PasswordForm>
          form={form}
          layout="vertical"
          requiredMark={false}
          onFinish={createAccount}
          name="invitation"
        >
          <PasswordFields auth rule />
          <TermsAndCreate loading={setPassword.isPending} />
        </Form>
      </Modal>

      <Modal
        open={stage === 'welcome'}
        title={LABEL.welcome}
        closable={false}
        keyboard={false}
        mask={{ closable: false }}
        footer={
          <Button type="primary" onClick={() => navigate('/client/profile')}>
            {LABEL.createProfile}
          </Button>
        }
      >
        <p>Your account is ready. Create your profile to tell us about you and your brand.</p>
      </Modal>
    </>
  );
}
