import {
  isHttpUrl,
  isPhoneLike,
  LABEL,
  MSG,
  type ProfileField,
  type ProfilePayload,
  type UserInfo,
} from '@atk/contract';
import { useQuery } from '@tanstack/react-query';
import { AutoComplete, Button, Card, Col, Form, Input, Row } from 'antd';
import { useEffect, useMemo } from 'react';
import { useSave } from '../../api/useSave.ts';
import { PageSpinner } from '../../components/PageSpinner.tsx';
import { usersApi } from '../../session/api.ts';
import { useSession } from '../../session/index.ts';
import { brandKeys, brandsApi } from '../brands/api.ts';
import { PROFILE_FIELD_LIST, PROFILE_LABELS, PROFILE_SECTIONS } from './fields.ts';
import { PasswordCard } from './PasswordCard.tsx';

/** What the server refuses, checked before sending: links are http(s) addresses, phones phone-like text. */
const profileRules = (field: ProfileField) => {
  const label = PROFILE_LABELS[field];
  const check = (ok: (v: string) => boolean, complaint: string) => [
    {
      validator: async (_: unknown, value: string | undefined) => {
        const v = (value ?? '').trim();
        if (v && !ok(v)) throw new Error(`${label} ${complaint}`);
      },
    },
  ];
  if (field === 'company_website' || field === 'brand_website')
    return check(isHttpUrl, 'must start with http:// or https://');
  if (field === 'phone' || field === 'company_phone') return check(isPhoneLike, MSG.phoneLike);
  return undefined;
};

type ProfileForm = Partial<Record<ProfileField, string>> & { email?: string };

const toForm = (user: UserInfo): ProfileForm => {
  const values: ProfileForm = { email: user.email };
  for (const field of PROFILE_FIELD_LIST) values[field] = user[field] ?? '';
  return values;
};

const toPayload = (values: ProfileForm): ProfilePayload => {
  const payload = {} as ProfilePayload;
  for (const field of PROFILE_FIELD_LIST) payload[field] = (values[field] ?? '').trim();
  return payload;
};

/** The user's own profile (docs/api.md "Accounts", PUT /users/profile). */
export default function ProfilePage() {
  const { user, setUser, reloadUser } = useSession();
  const [form] = Form.useForm<ProfileForm>();

  const brands = useQuery({ queryKey: brandKeys.picker(), queryFn: brandsApi.picker, staleTime: 60_000 });
  const brandOptions = useMemo(
    () => [...new Set((brands.data?.list ?? []).map((b) => b.name))].map((name) => ({ value: name })),
    [brands.data],
  );

  useEffect(() => {
    if (user) form.setFieldsValue(toForm(user));
  }, [user, form]);

  const save = useSave({
    save: usersApi.updateProfile,
    success: MSG.profileUpdated,
    form,
    onSaved: (updated) => {
      setUser(updated);
      reloadUser();
    },
  });

  if (!user) return <PageSpinner />;
  const brandLocked = user.register_type === 'invite_existing_brand';

  return (
    <div className="page">
      <header className="page__header">
        <h1 className="page__title">My Profile</h1>
        <p className="page__subtitle">The details of your account, your company and your brand.</p>
      </header>
      <Form<ProfileForm>
        form={form}
        name="profile"
        layout="vertical"
        initialValues={toForm(user)}
        onFinish={(values) => save.mutate(toPayload(values))}
      >
        <Card className="page__card" title="Account">
          <Row gutter={24}>
            <Col xs={24} md={12}>
              <Form.Item label="Email" name="email">
                <Input readOnly variant="filled" aria-readonly="true" />
              </Form.Item>
            </Col>
          </Row>
        </Card>
        {PROFILE_SECTIONS.map((section) => (
          <Card key={section.title} className="page__card" title={section.title}>
            <Row gutter={24}>
              {section.fields.map((field) => (
                <Col key={field} xs={24} md={12}>
                  <Form.Item label={PROFILE_LABELS[field]} name={field} rules={profileRules(field)}>
                    {field === 'brand_name' ? (
                      <AutoComplete
                        options={brandOptions}
                        disabled={brandLocked}
                        filterOption={(input, option) =>
                          (option?.value ?? '').toLowerCase().includes(input.trim().toLowerCase())
                        }
                      />
                    ) : (
                      <Input />
                    )}
                  </Form.Item>
                </Col>
              ))}
            </Row>
          </Card>
        ))}
        <div className="page__actions">
          <Button type="primary" htmlType="submit" size="large" loading={save.isPending}>
            {LABEL.saveChanges}
          </Button>
        </div>
      </Form>
      <PasswordCard />
    </div>
  );
}
