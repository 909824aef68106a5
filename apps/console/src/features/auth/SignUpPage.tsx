import { MailOutlined } from '@ant-design/icons';
import { LABEL, MSG, type ProfileField, type RegisterBody } from '@atk/contract';
import { Form, Input, Result } from 'antd';
import { Link } from 'react-router';
import { clearFieldErrors } from '../../api/fieldErrors.ts';
import { useSave } from '../../api/useSave.ts';
import { AuthLayout } from '../../components/AuthLayout.tsx';
import { newPasswordProblems, showPasswordProblems } from '../../components/passwordCheck.ts';
import { PasswordFields, TextField } from '../../components/RecordFields.tsx';
import { TermsAndCreate } from '../../components/TermsAndCreate.tsx';
import { usersApi } from '../../session/api.ts';
import { PROFILE_LABELS } from '../profile/fields.ts';

/** The profile fields a sign-up asks for; the rest (company details, address) wait for the profile page. */
const SIGN_UP_FIELDS: ProfileField[] = [
  'first_name',
  'last_name',
  'brand_name',
  'brand_website',
  'company_name',
  'phone',
];

type SignUpForm = Partial<Record<ProfileField | 'email' | 'password' | 'password_confirm', string>> & {
  agree?: boolean;
};

export const SIGN_IN_INSTEAD = { to: '/login', label: 'Already have an account? Sign in' };

/**
 * Self sign-up (POST /users/register; docs/api.md "Self sign-up"): the account and a new brand, both waiting for an
 * operator. The answer is the same whether or not the email has an account, so the page says what it means for
 * either (a mail with the next steps) and offers the sign-in; it never starts a session.
 */
export function SignUpPage() {
  const [form] = Form.useForm<SignUpForm>();
  const register = useSave({
    save: usersApi.register,
    form,
  });

  const onFinish = ({ agree: _, password = '', password_confirm = '', email = '', ...profile }: SignUpForm) => {
    clearFieldErrors(form);
    if (showPasswordProblems(form, newPasswordProblems(password, password_confirm))) return;
    const fields = Object.fromEntries(SIGN_UP_FIELDS.map((f) => [f, (profile[f] ?? '').trim()]));
    const body: RegisterBody = {
      ...fields,
      brand_name: fields.brand_name,
      email: email.trim(),
      password,
      password_confirm,
    };
    register.mutate(body);
  };

  if (register.isSuccess) {
    return (
      <AuthLayout title="Check your inbox">
        <div data-testid="signup-done">
          <Result
            status="success"
            title={MSG.registerReceived}
            subTitle="You can sign in now and set up your products and players. An operator will confirm your brand; until then your players are not public and uploads are limited."
            extra={
              <Link to="/login" className="link-button">
                {LABEL.signIn}
              </Link>
            }
          />
        </div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      alt={SIGN_IN_INSTEAD}
      title={LABEL.createAnAccount}
      subtitle="Put your brand's products in a player on your own pages."
    >
      <Form<SignUpForm>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={onFinish}
        name="signup"
        // the browser's own bubble would stop the form before the server's field errors could show
        noValidate
      >
        <Form.Item label="Email" name="email">
          <Input prefix={<MailOutlined />} type="email" autoComplete="email" autoFocus />
        </Form.Item>
        <PasswordFields auth rule autoFocus={false} />
        {SIGN_UP_FIELDS.map((field) => (
          <TextField
            key={field}
            name={field}
            label={PROFILE_LABELS[field]}
            maxLength={field === 'brand_website' ? 2000 : 200}
            autoComplete={AUTOCOMPLETE[field]}
          />
        ))}
        <TermsAndCreate loading={register.isPending} />
      </Form>
    </AuthLayout>
  );
}

/** What the browser may fill each field with. */
const AUTOCOMPLETE: Partial<Record<ProfileField, string>> = {
  first_name: 'given-name',
  last_name: 'family-name',
  brand_name: 'organization',
  brand_website: 'url',
  company_name: 'off',
  phone: 'tel',
};
