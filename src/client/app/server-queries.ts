import type { DehydratedState } from '@tanstack/react-query';
import { ApiError } from '#client/api/client';
import { readServerRenderState } from '#client/app/server-render-state';

// Apart from server-render-state.ts (which the entry loads): the API client stays out of the home page's JavaScript.

let queriesTaken = false;

/**
 * The server's query cache, handed out once (the first QueryLayout), so later pages fetch fresh data.
 * A "not found" answer the server rendered arrives as JSON: it becomes an ApiError again, with its
 * message, so that hydration renders the same text as the server (else React error #418).
 */
export function takeServerQueries(): DehydratedState | null {
  if (queriesTaken) return null;
  queriesTaken = true;
  const state = readServerRenderState()?.queries ?? null;
  if (!state) return null;
  return {
    ...state,
    queries: state.queries.map((q) =>
      q.state.error == null ? q : { ...q, state: { ...q.state, error: ApiError.revive(q.state.error) as Error } },
    ),
  };
}
