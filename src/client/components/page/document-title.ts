import { createContext, useContext, useEffect } from 'react';
import { runtimeConfig } from '#client/api/runtime-config';

/** "{title} – {appName}", or the bare product name when there is no page title. */
function formatDocumentTitle(title: string | null | undefined, appName = runtimeConfig().appName): string {
  const trimmed = title?.trim();
  return trimmed ? `${trimmed} – ${appName}` : appName;
}

/** The server renderer collects the page's title here, to write it into the HTML's <title>. */
export const ServerHeadContext = createContext<{ setTitle(title: string): void } | null>(null);

/**
 * Sets the browser tab title of the current page ("… – Pawtal"). Every page calls it once,
 * usually through PageLayout's `title` prop.
 */
export function useDocumentTitle(title: string | null | undefined): void {
  const serverHead = useContext(ServerHeadContext);
  serverHead?.setTitle(formatDocumentTitle(title));
  useEffect(() => {
    document.title = formatDocumentTitle(title);
  }, [title]);
}
