import { QueryClient } from '@tanstack/react-query';
import { shouldRetry } from './bridgeQuery.js';

/**
 * The app's QueryClient. Catalogue data changes only when the profile changes (which resets the
 * dataset queries), so data stays fresh for 5 minutes and is not refetched on window focus.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 8000),
        staleTime: 5 * 60_000,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
