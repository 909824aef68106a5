import { type AdminUserRow, LABEL, MSG } from '@atk/contract';
import { useQuery } from '@tanstack/react-query';
import { App, Form, Input, Select } from 'antd';
import { useSave } from '../../api/useSave.ts';
import { FormDialog } from '../../components/FormDialog.tsx';
import { PasswordFields } from '../../components/RecordFields.tsx';
import { brandKeys, brandsApi } from '../brands/api.ts';
import { type CustomerFields, customerKeys, customersApi } from './api.ts';

/**
 * New Customer / Edit Customer (spec 2 §2 Customers, §5): email (fixed once created), master brand, company,
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
  const { message } = App.useApp();
  const editing = customer !== 'new';
  const brands = useQuery({ queryKey: brandKeys.adminPicker(), queryFn: brandsApi.adminPicker });
  const brandOptions = (brands.data?.list ?? []).map((b) => ({ value: b._id, label: b.name }));

  const save = useSave({
    save: ({ email, password, password_confirm, ...fields }: CustomerFields) => {
      if (editing) return customersApi.update(customer._id, fields);
      const brandName = brandOptions.find((o) => o.value === fields.master_brand_id)?.label;
      return customersApi.create({
        ...fields,
        email,
        password,
        password_confirm,
        master_brand_name: brandName,
        role_id: roleId,
      });
    },
    success: editing ? MSG.updateCustomerSuccess : MSG.createCustomerSuccess,
    invalidate: [customerKeys.all],
  });

  const submit = (fields: CustomerFields) => {
    if (!fields.email?.trim()) {
      message.warning(MSG.emailRequired);
      return Promise.resolve(false);
    }
    if (!editing && (!fields.password || fields.password !== fields.password_confirm)) {
      message.warning(MSG.passwordMismatch);
      return Promise.resolve(false);
    }
    return save.mutateAsync({ ...fields, email: fields.email.trim() });
  };

  return (
    <FormDialog<CustomerFields>
      open
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
      onSubmit={submit}
      onClose={onClose}
    >
      <Form.Item name="email" label="Email">
        <Input type="email" disabled={editing} maxLength={254} autoComplete="off" />
      </Form.Item>
      <Form.Item name="master_brand_id" label="Master Brand">
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          allowClear
          loading={brands.isPending}
          options={brandOptions}
          placeholder="Select a brand"
        />
      </Form.Item>
      <Form.Item name="company_name" label="Company Name">
        <Input maxLength={200} />
      </Form.Item>
      <Form.Item name="first_name" label="First Name">
        <Input maxLength={200} />
      </Form.Item>
      <Form.Item name="last_name" label="Last Name">
        <Input maxLength={200} />
      </Form.Item>
      {!editing && <PasswordFields />}
    </FormDialog>
  );
}
