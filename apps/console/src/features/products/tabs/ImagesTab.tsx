import { DeleteOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import type { FileRef, ProductImages, ProductImageType } from '@atk/contract';
import { GROUP_360_SLOTS, IMAGE_EXTENSIONS, LABEL, MSG, type Product } from '@atk/contract';
import { Alert, App, Button, Card, Empty, Image, InputNumber, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useSave } from '../../../api/useSave.ts';
import { FileButton } from '../../../components/FileButton.tsx';
import { imageTooLarge } from '../../../components/imageFiles.ts';
import { TabFrame } from '../../../components/TabFrame.tsx';
import { useTabForm } from '../../../components/useTabForm.ts';
import { uploadsApi } from '../api.ts';
import { type TabProps, useSaveSection } from '../context.ts';

type Images = ProductImages;

/** One chosen file: where it goes (type, index), how it is placed in the images, and its slot's spinner. */
interface Upload {
  file: File;
  type: ProductImageType;
  index: number;
  place: (current: Images, ref: FileRef) => Images;
  slot: string;
}

const ACCEPT = IMAGE_EXTENSIONS.map((e) => `.${e}`).join(',');

const toState = (p: Product): Images => {
  const group = [...(p.images?.group_360 ?? [])].slice(0, GROUP_360_SLOTS);
  while (group.length < GROUP_360_SLOTS) group.push(null);
  return {
    thumbnail: p.images?.thumbnail ?? null,
    large: p.images?.large ?? null,
    additional_images: [...(p.images?.additional_images ?? [])].sort((a, b) => a.order - b.order),
    group_360: group,
  };
};

/** The image boxes' hint as numbers: what the player shows well, not enforced (only 2 MB is). */
const RECOMMENDED_PX = 1080;

/** What the preview warns about an image the player will crop or blur, or null when it is square and large enough. */
function imageWarning(width: number, height: number): string | null {
  const small = width < RECOMMENDED_PX || height < RECOMMENDED_PX;
  const square = width === height;
  if (!small && square) return null;
  const problems = [small && `smaller than ${RECOMMENDED_PX}x${RECOMMENDED_PX}`, !square && 'not square'].filter(
    Boolean,
  );
  const effect = square ? 'Visitors may see it blurred.' : 'Visitors see its centred square, as shown here.';
  return `This image is ${width}x${height}: ${problems.join(' and ')}. ${effect}`;
}

/**
 * The image as visitors see it (the player's square box: `object-fit: cover`, centred), with a warning under it
 * when it falls short of the hint. Any image under 2 MB is still accepted.
 */
function Preview({ title, image }: { title: string; image: FileRef }) {
  const [size, setSize] = useState<{ url: string; width: number; height: number } | null>(null);
  // measured apart from the shown image (antd's Image keeps its img's load event to itself)
  useEffect(() => {
    const probe = new window.Image();
    probe.onload = () => setSize({ url: image.url, width: probe.naturalWidth, height: probe.naturalHeight });
    probe.src = image.url;
    return () => {
      probe.onload = null;
    };
  }, [image.url]);
  const warning = size?.url === image.url ? imageWarning(size.width, size.height) : null;
  return (
    <>
      <div className="image-slot__preview">
        <Image
          src={image.url}
          alt={`${title}: ${image.name}`}
          width={120}
          height={120}
          style={{ objectFit: 'cover', objectPosition: 'center' }}
        />
      </div>
      {warning && (
        <p className="image-slot__warning" data-testid="image-warning">
          {warning}
        </p>
      )}
    </>
  );
}

function Slot({
  title,
  label,
  image,
  busy,
  onFile,
  onRemove,
  testId,
}: {
  title: string;
  /** The accessible name of the file input. */
  label: string;
  image: FileRef | null;
  busy: boolean;
  onFile: (file: File) => void;
  onRemove: () => void;
  testId: string;
}) {
  return (
    <Card size="small" title={title} className="image-slot" data-testid={testId}>
      {image ? (
        <Preview title={title} image={image} />
      ) : (
        <div className="image-slot__preview">
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No image" />
        </div>
      )}
      {image && (
        <div className="image-slot__name" title={image.name}>
          {image.name}
        </div>
      )}
      <Space>
        <FileButton label={label} accept={ACCEPT} onFile={onFile} loading={busy} icon={<UploadOutlined />} size="small">
          {LABEL.upload}
        </FileButton>
        {image && <Button size="small" icon={<DeleteOutlined />} aria-label={`Remove ${title}`} onClick={onRemove} />}
      </Space>
    </Card>
  );
}

/**
 * Images: thumbnail, large, additional images (each with an order) and a 360° group of 8 slots.
 * A chosen file is checked against 2 MB, uploaded (POST /upload/images), and the images section is saved.
 */
export function ImagesTab({ product, scope, binding }: TabProps) {
  const { message } = App.useApp();
  const section = useSaveSection(scope, product._id);
  const {
    value: images,
    setValue: setImages,
    submit: persist,
    saving,
  } = useTabForm({
    binding,
    initial: () => toState(product),
    save: (content, success) => section.save({ type: 'images', content }, success),
    saving: section.saving,
  });

  const upload = useSave({
    save: ({ file, type, index }: Upload) => uploadsApi.productImage(scope.admin, file, product._id, type, index),
    onSaved: (answer, { file, place }) => {
      const next = place(images, { url: answer.photo.url, name: file.name });
      setImages(next);
      return persist(next, MSG.uploadSuccess);
    },
  });
  const choose = (vars: Upload) => {
    if (imageTooLarge(vars.file)) message.error(MSG.pictureTooLarge);
    else upload.mutate(vars);
  };
  const busy = upload.isPending ? upload.variables.slot : null;

  const nextOrder = Math.max(0, ...images.additional_images.map((a) => a.order)) + 1;

  return (
    <TabFrame
      title={LABEL.tabImages}
      testId="tab-images"
      onSave={() => void persist()}
      saving={saving && busy === null}
    >
      <Alert type="info" showIcon title={LABEL.imageHint} className="product-tab__hint" />
      <div className="image-grid">
        <Slot
          title="Thumbnail"
          label="Upload thumbnail"
          testId="image-thumbnail"
          image={images.thumbnail}
          busy={busy === 'thumbnail'}
          onFile={(file) =>
            choose({
              file,
              type: 'thumbnail',
              index: 0,
              place: (c, ref) => ({ ...c, thumbnail: ref }),
              slot: 'thumbnail',
            })
          }
          onRemove={() => setImages((c) => ({ ...c, thumbnail: null }))}
        />
        <Slot
          title="Large"
          label="Upload large image"
          testId="image-large"
          image={images.large}
          busy={busy === 'large'}
          onFile={(file) =>
            choose({ file, type: 'large', index: 0, place: (c, ref) => ({ ...c, large: ref }), slot: 'large' })
          }
          onRemove={() => setImages((c) => ({ ...c, large: null }))}
        />
      </div>

      <h3 className="product-tab__subtitle">Additional images</h3>
      <div className="image-grid" data-testid="additional-images">
        {images.additional_images.map((img, i) => (
          <Card key={img.url} size="small" className="image-slot" data-testid="additional-image">
            <div className="image-slot__preview">
              <Image src={img.url} alt={`Additional image ${i + 1}: ${img.name}`} width={120} height={120} />
            </div>
            <div className="image-slot__name" title={img.name}>
              {img.name}
            </div>
            <Space>
              <span className="image-slot__order">
                Order
                <InputNumber
                  size="small"
                  min={0}
                  precision={0}
                  value={img.order}
                  aria-label={`Order of additional image ${i + 1}`}
                  onChange={(v) =>
                    setImages((c) => ({
                      ...c,
                      additional_images: c.additional_images.map((a, j) => (j === i ? { ...a, order: v ?? 0 } : a)),
                    }))
                  }
                />
              </span>
              <Button
                size="small"
                icon={<DeleteOutlined />}
                aria-label={`Remove additional image ${i + 1}`}
                onClick={() =>
                  setImages((c) => ({ ...c, additional_images: c.additional_images.filter((_, j) => j !== i) }))
                }
              />
            </Space>
          </Card>
        ))}
        <Card size="small" className="image-slot image-slot--add">
          <FileButton
            label="Upload additional image"
            accept={ACCEPT}
            icon={<PlusOutlined />}
            loading={busy === 'additional'}
            onFile={(file) =>
              choose({
                file,
                type: 'additional',
                index: images.additional_images.length,
                place: (c, ref) => ({
                  ...c,
                  additional_images: [...c.additional_images, { ...ref, order: nextOrder }],
                }),
                slot: 'additional',
              })
            }
          >
            Add image
          </FileButton>
        </Card>
      </div>

      <h3 className="product-tab__subtitle">360° Group</h3>
      <div className="image-grid image-grid--360" data-testid="group-360">
        {images.group_360.map((img, i) => (
          <Slot
            // biome-ignore lint/suspicious/noArrayIndexKey: the 8 slots are positions
            key={i}
            title={`360° image ${i + 1}`}
            label={`Upload 360° image ${i + 1}`}
            testId={`image-360-${i + 1}`}
            image={img}
            busy={busy === `360-${i}`}
            onFile={(file) =>
              choose({
                file,
                type: 'group_360',
                index: i,
                place: (c, ref) => ({ ...c, group_360: c.group_360.map((g, j) => (j === i ? ref : g)) }),
                slot: `360-${i}`,
              })
            }
            onRemove={() => setImages((c) => ({ ...c, group_360: c.group_360.map((g, j) => (j === i ? null : g)) }))}
          />
        ))}
      </div>
    </TabFrame>
  );
}
