/**
 * A request's address as the router and the query parser read it: percent-decoded. Every decision
 * that inspects an address (how an answer may be cached, whether a call is a write) reads it here,
 * so `/api/%56etPets/…` is the portal and `%6Catitude=` is a position, as they are to the handler.
 */

function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** The path, percent-decoded, without the query string. */
export function decodedPath(url: string): string {
  return decoded(url.split('?', 1)[0]);
}

/** The names of the query parameters, percent-decoded ("+" is a space), as the query parser reads them. */
export function queryNames(url: string): string[] {
  const at = url.indexOf('?');
  return at < 0 ? [] : [...new URLSearchParams(url.slice(at + 1)).keys()];
}
