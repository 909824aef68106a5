import { type AdminUserRow, LABEL, MSG } from '@atk/contract';
import { useQuery } from '@tanstack/react-query';
import { Form, Select } from 'antd';
import { SaveDialog } from '../../components/FormDialog.tsx';
import { PasswordFields, TextField } from '../../components/RecordFields.tsx';
import { brandKeys, brandsApi } from '../brands/api.ts';
import { type CustomerFields, customerKeys, customersApi } from './api.ts';

/**
 * New Customer / Edit Customer (docs/api.md "Customers and plans"): email (fixed once created), master brand, company,
 * first and last name; a new customer also gets a password and its confirmation. The spec's warnings come
 * before any call: 'Email is required', then 'Password and confirm password must match' (empty or different).
 */
export function CustomerDialog({
  customer,
  roleId,
  onClose,
}: {
  customer: AdminUserRow | 'new';
  roleId: string;
  onClose: () => void;
}) {
  const editing = customer !== 'new';
  const brands = useQuery({ queryKey: brandKeys.adminPicker(), queryFn: brandsApi.adminPicker });
  const brandOptions = (brands.data?.list ?? []).map((b) => ({ value: b._id, label: b.name }));

  return (
    <SaveDialog<CustomerFields>
      title={editing ? LABEL.editCustomer : LABEL.newCustomer}
      name="customer-dialog"
      initialValues={
        editing
          ? {
              email: customer.email,
              master_brand_id: customer.master_brand_id ?? undefined,
              company_name: customer.company_name ?? '',
              first_name: customer.first_name ?? '',
              last_name: customer.last_name ?? '',
            }
          : {}
      }
      warn={(fields) => {
        if (!fields.email?.trim()) return MSG.emailRequired;
        if (!editing && (!fields.password || fields.password !== fields.password_confirm)) return MSG.passwordMismatch;
        return undefined;
      }}
      save={({ email, password, password_confirm, ...fields }) => {
        if (editing) return customersApi.update(customer._id, fields);
        const brandName = brandOptions.find((o) => o.value === fields.master_brand_id)?.label;
        return customersApi.create({
          ...fields,
          email: (email ?? '').trim(),
          password,
          password_confirm,
          master_brand_name: brandName,
          role_id: roleId,
        });
      }}
      success={editing ? MSG.updateCustomerSuccess : MSG.createCustomerSuccess}
      invalidate={[customerKeys.all]}
      onClose={onClose}
    >
      <TextField name="email" label="Email" type="email" disabled={editing} maxLength={254} autoComplete="off" />
      <Form.Item name="master_brand_id" label="Master Brand">
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          allowClear
          loading={brands.isPending}
          options={brandOptions}
          placeholder="Select a brand"
        />
      </Form.Item>
      <TextField name="company_name" label="Company Name" />
      <TextField name="first_name" label="First Name" />
      <TextField name="last_name" label="Last Name" />
      {!editing && <PasswordFields />}
    </SaveDialog>
  );
}
