import type { DehydratedState } from '@tanstack/react-query';
import { SERVER_RENDER_STATE_ID, type ServerRenderState } from '#shared/contract/server-render-state';
import { ApiError } from '#client/api/client';

let cached: ServerRenderState | null | undefined;

/** The state of a server-rendered page, or null for a page the browser renders alone. */
export function readServerRenderState(): ServerRenderState | null {
  if (cached !== undefined) return cached;
  const el = typeof document === 'undefined' ? null : document.getElementById(SERVER_RENDER_STATE_ID);
  try {
    cached = el?.textContent ? (JSON.parse(el.textContent) as ServerRenderState) : null;
  } catch {
    cached = null;
  }
  return cached;
}

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
    queries: state.queries.map((q) => (q.state.error == null ? q : { ...q, state: { ...q.state, error: ApiError.revive(q.state.error) as Error } })),
  };
}
