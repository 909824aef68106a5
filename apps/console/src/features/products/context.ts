import { MSG, type Product, type ProductUpdate } from '@atk/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useSave } from '../../api/useSave.ts';
import type { TabBinding } from '../../components/DirtyTabs.tsx';
import { productKeys, productsApi } from './api.ts';
import type { ProductScope } from './scope.ts';

/** What every tab of the product edit page receives. */
export interface TabProps {
  product: Product;
  scope: ProductScope;
  binding: TabBinding;
}

/**
 * Saves one section of the product (PUT /products/{id} {type, content}) on `useSave`: reloads the product, shows
 * the success text, reloads the product list. `save` resolves true when saved and rejects with the error when
 * not (the tab's form shows the refused fields; useSave toasts the rest).
 */
export function useSaveSection(scope: ProductScope, productId: string) {
  const queryClient = useQueryClient();
  const { mutateAsync, isPending } = useSave<{ update: ProductUpdate; success: string }>({
    save: async ({ update }) => {
      await productsApi.update(scope.admin, productId, update);
      // Told once the page holds what was saved: the tab is clean by then, so moving on asks nothing.
      await queryClient.invalidateQueries({ queryKey: productKeys.one(scope.admin, productId) });
    },
    success: (_, { success }) => success,
    invalidate: [productKeys.lists()],
    scope: `product:${productId}`,
  });
  const save = useCallback(
    (update: ProductUpdate, success: string = MSG.updateSuccess): Promise<boolean> =>
      mutateAsync({ update, success }).then(() => true),
    [mutateAsync],
  );
  return { save, saving: isPending };
}
