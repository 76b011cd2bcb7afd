import type { FastifyRequest } from 'fastify';
import { LANGUAGE_COOKIE, parseAcceptLanguage, pickLanguage, type LanguageCode } from '#shared/languages';

function cookieValue(header: string | undefined, name: string): string | null {
  for (const part of header?.split(';') ?? []) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) {
      try {
        return decodeURIComponent(value.join('='));
      } catch {
        return null;
      }
    }
  }
  return null;
}

/**
 * The language of a page or of an API answer's message: ?lang=, then the visitor's remembered
 * choice (cookie), then Accept-Language (the app's calls send the page's language there).
 */
export function requestLanguage(request: FastifyRequest): LanguageCode {
  const query = new URL(request.url, 'http://localhost').searchParams.get('lang');
  const header = request.headers['accept-language'];
  return pickLanguage([
    query,
    cookieValue(request.headers.cookie, LANGUAGE_COOKIE),
    ...parseAcceptLanguage(Array.isArray(header) ? header[0] : header),
  ]);
}
