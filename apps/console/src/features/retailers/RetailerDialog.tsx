import { UploadOutlined } from '@ant-design/icons';
import {
  IMAGE_EXTENSIONS,
  IMAGE_SNIFF_BYTES,
  LABEL,
  MSG,
  type Retailer,
  type RetailerBody,
  type RetailerStatus,
  sniffImage,
} from '@atk/contract';
import { App, Form, Image, Input, Progress, Select, Space } from 'antd';
import { useState } from 'react';
import { errorText, isApiError } from '../../api/client.ts';
import { useSave } from '../../api/useSave.ts';
import { FileButton } from '../../components/FileButton.tsx';
import { FormDialog } from '../../components/FormDialog.tsx';
import { imageTooLarge } from '../../components/imageFiles.ts';
import { WebsiteField } from '../../components/RecordFields.tsx';
import { retailerKeys, retailersApi, uploadLogo } from './api.ts';

export const STATUS_TEXT: Record<RetailerStatus, string> = { '1': LABEL.statusActive, '0': LABEL.statusInactive };
const ACCEPT = IMAGE_EXTENSIONS.map((e) => `.${e}`).join(',');

type Logo = NonNullable<RetailerBody['retailer_image']>;
interface RetailerForm {
  name: string;
  status: RetailerStatus;
  website: string;
  retailer_image: Logo | null;
}

/**
 * The logo of a retailer as a form field: the current image, and Upload, which checks the 2 MB limit and that the file
 * is an image by its bytes before anything is sent, asks for a signed URL for images/origin/retailers/{id}_{timestamp}.{ext}, PUTs the file there showing
 * its progress, and then holds the stored image (saved with the retailer).
 */
function LogoField({
  retailerId,
  value,
  onChange,
}: {
  retailerId: string;
  value?: Logo | null;
  onChange?: (logo: Logo) => void;
}) {
  const { message } = App.useApp();
  const [percent, setPercent] = useState<number | null>(null);
  const choose = async (file: File) => {
    if (imageTooLarge(file)) {
      message.error(MSG.pictureTooLarge);
      return;
    }
    // A text file named .png is refused before the transfer, by its bytes (the server checks them again on save).
    if (!sniffImage(new Uint8Array(await file.slice(0, IMAGE_SNIFF_BYTES).arrayBuffer()))) {
      message.error(MSG.notImage);
      return;
    }
    setPercent(0);
    try {
      const logo = await uploadLogo(retailerId, file, setPercent);
      onChange?.(logo);
      message.success(MSG.uploadSuccess);
    } catch (e) {
      // a refused signed URL says why (docs/api.md "Uploads and storage"); a failed transfer is 'Upload error'
      message.error(isApiError(e) ? errorText(e) : MSG.uploadError);
    } finally {
      setPercent(null);
    }
  };
  return (
    <Space direction="vertical" data-testid="retailer-logo">
      {value?.url && <Image src={value.url} alt={`${LABEL.retailerLogo}`} width={120} />}
      <FileButton
        label={`${LABEL.upload} ${LABEL.retailerLogo}`}
        accept={ACCEPT}
        onFile={(f) => void choose(f)}
        loading={percent !== null}
        icon={<UploadOutlined />}
      >
        {LABEL.upload}
      </FileButton>
      {percent !== null && (
        <span data-testid="retailer-logo-progress">
          {LABEL.uploading} <Progress percent={percent} size="small" style={{ width: 160 }} />
        </span>
      )}
    </Space>
  );
}

/** Edit Retailer (docs/api.md "Retailers and mobile settings"): Name, Status, Website (the shop's address, DEALS links to it) and the logo; SAVE. */
export function RetailerDialog({ retailer, onClose }: { retailer: Retailer | null; onClose: () => void }) {
  const save = useSave({
    save: (values: RetailerForm) =>
      retailersApi.save(retailer?._id ?? '', {
        name: values.name.trim(),
        status: values.status,
        website: values.website?.trim() || null,
        retailer_image: values.retailer_image ?? null,
      }),
    success: MSG.saveRetailerSuccess,
    invalidate: [retailerKeys.all],
  });
  return (
    <FormDialog<RetailerForm>
      open={retailer !== null}
      title={LABEL.editRetailer}
      name="retailer-edit"
      initialValues={{
        name: retailer?.name ?? '',
        status: retailer?.status ?? '0',
        website: retailer?.website ?? '',
        retailer_image: retailer?.retailer_image ?? null,
      }}
      onSubmit={save.mutateAsync}
      onClose={onClose}
    >
      <Form.Item
        name="name"
        label={LABEL.name}
        rules={[{ required: true, whitespace: true, message: MSG.nameRequired }]}
      >
        <Input maxLength={200} />
      </Form.Item>
      <Form.Item name="status" label={LABEL.status}>
        <Select
          options={[
            { value: '1', label: LABEL.statusActive },
            { value: '0', label: LABEL.statusInactive },
          ]}
        />
      </Form.Item>
      <WebsiteField />
      <Form.Item name="retailer_image" label={LABEL.retailerLogo}>
        {retailer && <LogoField retailerId={retailer._id} />}
      </Form.Item>
    </FormDialog>
  );
}
