import { SERVER_RENDER_STATE_ID, type ServerRenderState } from '#shared/contract/server-render-state';

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
