import { QueryCache, QueryClient } from '@tanstack/react-query';

/**
 * The one query client. A load that fails is only logged (list, settings and statistics
 * loads); a screen that must show a load failure reads `query.error` itself. Saves report their own errors
 * (`useSave`).
 */
export const queryClient = new QueryClient({
  queryCache: new QueryCache({
    onError: (error, query) => console.warn(`load ${JSON.stringify(query.queryKey)} failed:`, error.message),
  }),
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});
