import type { FastifyInstance } from 'fastify';
import { pageAddress } from '#shared/page-address';
import { listCountries, listPetTypes } from '#server/reference/lookups';

/** The page parameters that name a row of reference data, and the ids that exist (cached reads). */
const REFERENCE_PARAMETERS: Record<string, (app: FastifyInstance) => Promise<{ id: number }[]>> = {
  petType: listPetTypes,
  country: listCountries,
};

/**
 * Where a page address naming a pet type or country that does not exist is sent instead: the same
 * address without it (the canonical page), or null when every one it names exists. Such a value
 * parses, so only the data can tell it is out of range; sent away, it never forces a render nor
 * makes a page of its own (docs/decisions/0159). The browser would read it as a filter the server
 * did not render, so it is not rendered as the canonical page but redirected to it. When the lists
 * cannot be read, null: the page renders as it can.
 */
export async function withoutUnknownReferences(app: FastifyInstance, requestUrl: string): Promise<string | null> {
  const read = new URLSearchParams(pageAddress(requestUrl).url.split('?')[1] ?? '');
  const unknown: string[] = [];
  for (const [name, list] of Object.entries(REFERENCE_PARAMETERS)) {
    const value = read.get(name);
    if (value === null) continue;
    // The database away: the page renders as it can (its own calls say so), not a 5xx from here.
    const rows = await list(app).catch(() => null);
    if (rows === null) return null;
    if (!rows.some((row) => String(row.id) === value)) unknown.push(name);
  }
  if (unknown.length === 0) return null;
  const [path, query = ''] = requestUrl.split('?', 2);
  const kept = new URLSearchParams(query);
  for (const name of unknown) kept.delete(name);
  const rest = kept.toString();
  return rest ? `${path}?${rest}` : path;
}
