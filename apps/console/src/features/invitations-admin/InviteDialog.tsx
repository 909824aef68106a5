import { type InvitationCreate, LABEL, MSG } from '@atk/contract';
import { Form, Select } from 'antd';
import { SaveDialog } from '../../components/FormDialog.tsx';
import { TextField } from '../../components/RecordFields.tsx';
import { BrandField } from '../brands/BrandField.tsx';
import { invitationKeys, invitationsAdminApi } from './api.ts';

type BrandOrigin = 'existing';

interface InviteForm extends InvitationCreate {
  brand_origin: BrandOrigin;
}

const ORIGINS: { value: BrandOrigin; label: string }[] = [{ value: 'existing', label: LABEL.existingBrand }];

/**
 * Send Invitation (docs/api.md "Operators"): the email, the brand origin (only Existing Brand) and the brand, from
 * every brand of the operators' picker. Save mails the link, closes and reloads the list.
 */
export function InviteDialog({ onClose }: { onClose: () => void }) {
  return (
    <SaveDialog<InviteForm>
      title={LABEL.sendInvitation}
      name="invite-dialog"
      initialValues={{ brand_origin: 'existing' }}
      save={({ email, brand_id }) => invitationsAdminApi.invite({ email: email.trim(), brand_id })}
      success={MSG.sendInvitationSuccess}
      invalidate={[invitationKeys.all]}
      onClose={onClose}
    >
      <TextField
        name="email"
        label="Email"
        rules={[{ required: true, type: 'email', whitespace: true, message: MSG.validEmail }]}
        maxLength={254}
        autoComplete="off"
      />
      <Form.Item name="brand_origin" label={LABEL.brandOrigin}>
        <Select options={ORIGINS} />
      </Form.Item>
      <Form.Item noStyle dependencies={['brand_origin']}>
        {({ getFieldValue }) => getFieldValue('brand_origin') === 'existing' && <BrandField />}
      </Form.Item>
    </SaveDialog>
  );
}
