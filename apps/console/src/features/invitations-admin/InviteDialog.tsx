import { type InvitationCreate, LABEL, MSG } from '@atk/contract';
import { useQuery } from '@tanstack/react-query';
import { Form, Input, Select } from 'antd';
import { useSave } from '../../api/useSave.ts';
import { FormDialog } from '../../components/FormDialog.tsx';
import { brandKeys, brandsApi } from '../brands/api.ts';
import { invitationKeys, invitationsAdminApi } from './api.ts';

type BrandOrigin = 'existing';

interface InviteForm extends InvitationCreate {
  brand_origin: BrandOrigin;
}

const ORIGINS: { value: BrandOrigin; label: string }[] = [{ value: 'existing', label: LABEL.existingBrand }];

/**
 * Send Invitation (spec 2 §2 Invitations list, §5): the email, the brand origin (only Existing Brand) and the
 * brand, from every brand of the operators' picker. Save mails the link, closes and reloads the list.
 */
export function InviteDialog({ onClose }: { onClose: () => void }) {
  const brands = useQuery({ queryKey: brandKeys.adminPicker(), queryFn: brandsApi.adminPicker, staleTime: 60_000 });
  const save = useSave({
    save: ({ email, brand_id }: InviteForm) => invitationsAdminApi.invite({ email: email.trim(), brand_id }),
    success: MSG.sendInvitationSuccess,
    invalidate: [invitationKeys.all],
  });
  return (
    <FormDialog<InviteForm>
      open
      title={LABEL.sendInvitation}
      name="invite-dialog"
      initialValues={{ brand_origin: 'existing' }}
      onSubmit={save.mutateAsync}
      onClose={onClose}
    >
      <Form.Item
        name="email"
        label="Email"
        rules={[{ required: true, type: 'email', whitespace: true, message: MSG.validEmail }]}
      >
        <Input maxLength={254} autoComplete="off" />
      </Form.Item>
      <Form.Item name="brand_origin" label={LABEL.brandOrigin}>
        <Select options={ORIGINS} />
      </Form.Item>
      <Form.Item noStyle dependencies={['brand_origin']}>
        {({ getFieldValue }) =>
          getFieldValue('brand_origin') === 'existing' && (
            <Form.Item name="brand_id" label="Brand" rules={[{ required: true, message: MSG.selectBrand }]}>
              <Select
                showSearch={{ optionFilterProp: 'label' }}
                loading={brands.isFetching}
                options={(brands.data?.list ?? []).map((b) => ({ value: b._id, label: b.name }))}
              />
            </Form.Item>
          )
        }
      </Form.Item>
    </FormDialog>
  );
}
