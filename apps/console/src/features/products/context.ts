import { MSG, type Product, type ProductUpdate } from '@atk/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useCallback, useState } from 'react';
import { reportError } from '../../api/client.ts';
import type { TabBinding } from '../../components/DirtyTabs.tsx';
import { productsApi, productContextKeys as queryKeys } from './api.ts';
import type { ProductScope } from './scope.ts';

/** What every tab of the product edit page receives. */
export interface TabProps {
  product: Product;
  scope: ProductScope;
  binding: TabBinding;
}

/** A stable text of a value, to compare a tab's current content with the saved one. */
export const snapshot = (value: unknown): string => JSON.stringify(value ?? null);

/**
 * Saves one section of the product (PUT /products/{id} {type, content}), shows the success text, reloads the
 * product. Resolves true when saved; a failure shows the server msg and resolves false.
 */
export function useSaveSection(scope: ProductScope, productId: string) {
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const [saving, setSaving] = useState(false);
  const save = useCallback(
    async (update: ProductUpdate, success: string = MSG.updateSuccess): Promise<boolean> => {
      setSaving(true);
      try {
        await productsApi.update(scope.admin, productId, update);
        await queryClient.invalidateQueries({ queryKey: queryKeys.product(scope.admin, productId) });
        void queryClient.invalidateQueries({ queryKey: [...queryKeys.products, 'list'] });
        // Told once the page holds what was saved: the tab is clean by then, so moving on asks nothing.
        message.success(success);
        return true;
      } catch (e) {
        reportError(message.error, e);
        return false;
      } finally {
        setSaving(false);
      }
    },
    [scope.admin, productId, queryClient, message],
  );
  return { save, saving };
}
