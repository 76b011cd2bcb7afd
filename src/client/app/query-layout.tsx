import { useContext, useState } from 'react';
import { hydrate, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router-dom';
import { ServerQueryClientContext } from '#client/app/server-query-client';
import { takeServerQueries } from '#client/app/server-queries';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false },
      mutations: { retry: 0 },
    },
  });
}

/** A query client with the answers the server rendered the page with, so hydration shows the same data. */
function createBrowserQueryClient(): QueryClient {
  const client = createQueryClient();
  const fromServer = takeServerQueries();
  if (fromServer) hydrate(client, fromServer);
  return client;
}

/**
 * Server state for every route but Home: a lazy layout route, so react-query stays out of the
 * entry chunk and out of the home page's JavaScript (docs/decisions/0030-home-page-bundle-budget.md).
 */
export function QueryLayout() {
  const serverClient = useContext(ServerQueryClientContext);
  const [client] = useState(() => serverClient ?? createBrowserQueryClient());
  return (
    <QueryClientProvider client={client}>
      <Outlet />
    </QueryClientProvider>
  );
}
