import type { QueryClient } from '@tanstack/react-query';
import type { LanguageCode } from '#shared/languages';

/** What a page's data depends on: its address and the language it is rendered in. */
interface PageDataContext {
  /** the query client the page renders from */
  client: QueryClient;
  /** the route's parameters (`:id`) */
  params: Readonly<Record<string, string | undefined>>;
  /** the address's query */
  search: URLSearchParams;
  language: LanguageCode;
}

/**
 * A page module's `prefetch` export: fills the client with every query the page's first render
 * asks for, so the server renders the page once (docs/decisions/0100). Queries that fail stay in
 * the client in their error state, as they would after the page's own fetch.
 */
export type PagePrefetch = (page: PageDataContext) => Promise<void>;
