import { DEFAULT_IMAGES, INSTANCE_IMAGES, type InstanceImage, LABEL } from '@atk/contract';
import { Select, Table, type TableColumnsType } from 'antd';
import { TabFrame } from '../../../components/TabFrame.tsx';
import { useTabForm } from '../../../components/useTabForm.ts';
import { type TabProps, useSaveInstance } from '../context.ts';
import { setImageOrder } from '../ordering.ts';

const NAMES: Record<InstanceImage['code'], string> = { group_360: LABEL.image360, additional: LABEL.imageAdditional };
const ORDER_OPTIONS = [
  { value: 1, label: '1' },
  { value: 2, label: '2' },
];

/** The two images in the spec's order, with their stored orders (defaults 1 and 2). */
export const imagesOf = (stored: readonly InstanceImage[] | null | undefined): InstanceImage[] => {
  const list = INSTANCE_IMAGES.map((img, i) => {
    const found = stored?.find((s) => s.code === img.code);
    return { code: img.code, name: img.name, order: found?.order ?? (DEFAULT_IMAGES[i] as InstanceImage).order };
  });
  // two distinct orders, or the defaults
  return list[0].order !== list[1].order ? list : DEFAULT_IMAGES.map((d) => ({ ...d }));
};

/**
 * The two images of an instance with their orders (the mobile instance's Images too):
 * choosing an order for one image gives the other the other order.
 */
export function ImageOrderTable({
  images,
  onChange,
}: {
  images: InstanceImage[];
  onChange: (fn: (list: InstanceImage[]) => InstanceImage[]) => void;
}) {
  const columns: TableColumnsType<InstanceImage> = [
    { key: 'name', title: 'Image', render: (_, img) => NAMES[img.code] },
    {
      key: 'order',
      title: 'Order',
      width: 160,
      render: (_, img) => (
        <Select
          aria-label={`Order of ${NAMES[img.code]}`}
          value={img.order}
          options={ORDER_OPTIONS}
          onChange={(order: number) => onChange((list) => setImageOrder(list, img.code, order === 1 ? 1 : 2))}
          style={{ width: 80 }}
        />
      ),
    },
  ];
  return <Table<InstanceImage> rowKey="code" columns={columns} dataSource={images} pagination={false} size="middle" />;
}

/**
 * Images: '360° Group' (group_360) and 'Additional Image' (additional), each with
 * order 1 or 2; choosing one for an image gives the other the other order.
 */
export function ImagesTab({ instance, scope, binding, permission }: TabProps) {
  const part = useSaveInstance(scope, instance._id, permission);
  const {
    value: images,
    setValue: setImages,
    submit,
    saving,
  } = useTabForm({
    binding,
    initial: () => imagesOf(instance.images),
    save: (sent) => part.save({ images: sent }),
    saving: part.saving,
  });

  return (
    <TabFrame title={LABEL.tabImages} testId="tab-images" onSave={() => void submit()} saving={saving}>
      <ImageOrderTable images={images} onChange={setImages} />
    </TabFrame>
  );
}
