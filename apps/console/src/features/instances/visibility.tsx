import { type Instance, type InstanceProductNamed, LABEL, MSG, type ProductHiddenReason } from '@atk/contract';
import { type App, Space, Tag } from 'antd';
import { Link } from 'react-router';

/**
 * Products an instance lists that its player leaves out for visitors (the instance read's `hidden`, docs/api.md
 * "Products visitors will not see"): a new product is Pending, so without these marks an instance holding only
 * such products showed visitors 'No products yet' while the console showed them Active.
 */

const REASON: Record<ProductHiddenReason, string> = {
  pending: MSG.productHiddenPending,
  deleted: MSG.productHiddenDeleted,
  brand: MSG.productHiddenBrand,
};

type Lists = Pick<Instance, 'products' | 'other_products'>;
const listed = (i: Lists) => [...i.products, ...i.other_products];

/** The Active products visitors will not see. */
export const hiddenActiveProducts = (i: Lists): InstanceProductNamed[] =>
  listed(i).filter((p) => p.is_active === 1 && p.hidden !== null);

/** True when the player would show visitors no product at all: none Active that it may show. */
export const showsNoProduct = (i: Lists): boolean => !listed(i).some((p) => p.is_active === 1 && p.hidden === null);

/**
 * Publishing a player that would show visitors no product asks first ('… Publish it anyway?'); true to go on. Both
 * ways to publish ask: the list's Publish and the General tab's Status.
 */
export async function publishConfirmed(
  modal: ReturnType<typeof App.useApp>['modal'],
  instance: Lists | null,
): Promise<boolean> {
  if (!instance || !showsNoProduct(instance)) return true;
  return await modal.confirm({ title: MSG.publishNoProductConfirm, okText: 'OK', cancelText: LABEL.cancel });
}

/**
 * Why visitors will not see the product, and for a pending product of the instance's own brand a link to its edit
 * page, where its Status publishes it (another brand's product is that brand's to publish).
 */
export function HiddenProductNote({
  product,
  brandId,
  productEditPath,
  onFollow,
}: {
  product: Pick<InstanceProductNamed, 'product_id' | 'brand_id' | 'name' | 'hidden'>;
  brandId: string;
  productEditPath: (productId: string) => string;
  /** Told when the link is followed (a dialog closes). */
  onFollow?: () => void;
}) {
  if (!product.hidden) return null;
  return (
    <Space size={4} wrap>
      <Tag color="warning">{REASON[product.hidden]}</Tag>
      {product.hidden === 'pending' && product.brand_id === brandId && (
        <Link
          to={productEditPath(product.product_id)}
          aria-label={`${LABEL.publishProduct} ${product.name}`}
          onClick={onFollow}
        >
          {LABEL.publishProduct}
        </Link>
      )}
    </Space>
  );
}
