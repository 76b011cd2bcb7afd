import { describe, expect, it } from 'vitest';
import { dehydrate, hydrate, QueryClient } from '@tanstack/react-query';
import { SERVER_RENDER_STATE_ID } from '#shared/contract/server-render-state';
import { ApiError, isNotFoundAnswer } from '#client/api/client';
import { takeServerQueries } from '#client/app/server-queries';

describe('takeServerQueries', () => {
  it('gives the browser a server-rendered "not found" answer as an ApiError with the server\'s message', async () => {
    // what the server renderer does with a pet that does not exist (entry-server.tsx)
    const server = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await server.prefetchQuery({
      queryKey: ['pet', 'NOPE1234'],
      queryFn: () => Promise.reject(new ApiError('Pet not found.', 200, true)),
    });
    const state = {
      language: 'en',
      namespaces: ['common'],
      queries: dehydrate(server, { shouldDehydrateQuery: (q) => q.state.status === 'error' }),
    };
    const script = document.createElement('script');
    script.type = 'application/json';
    script.id = SERVER_RENDER_STATE_ID;
    script.textContent = JSON.stringify(state);
    document.body.append(script);

    const browser = new QueryClient();
    hydrate(browser, takeServerQueries() ?? {});
    const error = browser.getQueryState(['pet', 'NOPE1234'])?.error;
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('Pet not found.');
    expect(isNotFoundAnswer(error)).toBe(true);
  });
});
