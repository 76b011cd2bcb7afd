import { LANGUAGES } from '#shared/languages';

/** An address inside an attribute: URL serialisation percent-encodes quotes and angle brackets, so only & is left. */
function attribute(url: string): string {
  return url.replace(/&/g, '&amp;');
}

/**
 * The address of a page in one language: its own address with ?lang= set (the page is rendered in it), or without it
 * (x-default: the visitor's own choice).
 */
export function pageUrlIn(publicUrl: string, requestUrl: string, language: string | null): string {
  const url = new URL(requestUrl, 'http://pawtal.invalid');
  if (language === null) url.searchParams.delete('lang');
  else url.searchParams.set('lang', language);
  return `${publicUrl}${url.pathname}${url.search}`;
}

/**
 * hreflang alternates of a page, one per language and x-default (the address without ?lang=, where
 * the visitor's remembered choice or browser language decides), absolute, on every page the server
 * writes (docs/decisions/0106).
 */
export function languageAlternates(publicUrl: string, requestUrl: string): string {
  const links = LANGUAGES.map(
    (l) =>
      `<link rel="alternate" hreflang="${l.code}" href="${attribute(pageUrlIn(publicUrl, requestUrl, l.code))}" />`,
  );
  links.push(
    `<link rel="alternate" hreflang="x-default" href="${attribute(pageUrlIn(publicUrl, requestUrl, null))}" />`,
  );
  return links.join('\n    ');
}
