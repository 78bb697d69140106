import { QueryClient } from '@tanstack/react-query';
import { shouldRetry } from './bridgeQuery.js';

/** The app's QueryClient; data changes only with the profile (which resets it), so 5 min fresh, no focus refetch. */
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
