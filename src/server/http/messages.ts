/**
 * The messages the API sends for people to read, in the request's language
 * (docs/decisions/0055-server-messages-in-the-request-language.md).
 *
 * A message is defined in ONE place: its English text under a key in locales/en/server.json, with its
 * translation under the same key in the server.json of every other language of src/shared/languages.ts
 * (scripts/check-locales.mjs and messages.test.ts fail when one is missing or left in English). Code throws
 * `new UserError('someKey', { param })`; the error handler answers the text in the request's language (?lang, the
 * language cookie, Accept-Language), English when none is known. Keys of the client's own namespaces
 * ("portal:validation.…", "account:password.…") are answered the same way, so a form rule shared with the client
 * has one text. The text comes from the server's one i18next instance (src/server/i18n.ts).
 */
import type { LanguageCode } from '#shared/languages';
import { translate } from '#server/i18n';

export type ServerMessageKey = keyof typeof import('../../../locales/en/server.json');
/** A key of the client's namespaces that the server may answer too (shared form rules). */
export type SharedMessageKey =
  | `portal:validation.${string}`
  | `account:password.${string}`
  | `staff:validation.${string}`
  | `found:validation.${string}`;
export type MessageKey = ServerMessageKey | SharedMessageKey;

/** A parameter: a value, or a list of message keys read in the same language (joined by commas). */
type MessageParam = string | number | { keys: readonly string[] };
export type MessageParams = Record<string, MessageParam>;

/** The message `key` in `language` (English when that language lacks it), with {{params}} filled in. */
export function serverMessage(
  key: MessageKey | string,
  language: LanguageCode = 'en',
  params: MessageParams = {},
): string {
  const values = Object.fromEntries(
    Object.entries(params).map(([name, value]) => [
      name,
      typeof value === 'object'
        ? value.keys.map((k) => lowerFirst(translate(language, k), language)).join(', ')
        : value,
    ]),
  );
  // Values go in `replace`, so a parameter's name never clashes with an option of i18next (lng, context…); `count`
  // goes in both: it picks the plural form.
  return translate(language, key, {
    replace: values,
    ...(typeof values.count === 'number' ? { count: values.count } : {}),
  });
}

/** "At least one digit" inside a sentence: "… at least one digit" (scripts without case are left alone). */
function lowerFirst(value: string, language: LanguageCode): string {
  return value.charAt(0).toLocaleLowerCase(language) + value.slice(1);
}
