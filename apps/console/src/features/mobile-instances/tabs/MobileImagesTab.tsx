import { LABEL } from '@atk/contract';
import { TabFrame } from '../../../components/TabFrame.tsx';
import { useTabForm } from '../../../components/useTabForm.ts';
import { ImageOrderTable, imagesOf } from '../../instances/tabs/ImagesTab.tsx';
import { type MobileTabProps, useSaveMobileInstance } from '../context.ts';

/**
 * Images (docs/api.md "Mobile instances"): 360° Group and Additional Image with orders 1 and 2; changing
 * one swaps the other, as on the desktop instance.
 */
export function MobileImagesTab({ instance, binding }: MobileTabProps) {
  const part = useSaveMobileInstance(instance._id);
  const { value, setValue, submit, saving } = useTabForm({
    binding,
    initial: () => imagesOf(instance.images),
    save: (images) => part.save({ images }),
    saving: part.saving,
  });
  return (
    <TabFrame title={LABEL.tabImages} testId="tab-images" onSave={() => void submit()} saving={saving}>
      <ImageOrderTable images={value} onChange={setValue} />
    </TabFrame>
  );
}
