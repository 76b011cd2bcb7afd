import { createContext, useContext } from 'react';

/** The server renderer collects the page's HTTP status here (e.g. 404 for an unknown address or object). */
export const ServerStatusContext = createContext<{ setStatus(status: number): void } | null>(null);

/** Marks the page being rendered on the server with an HTTP status; nothing in the browser. */
export function useServerStatus(status: number): void {
  useContext(ServerStatusContext)?.setStatus(status);
}
