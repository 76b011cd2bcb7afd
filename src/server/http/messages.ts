/**
 * The messages the API sends for people to read, in the request's language
 * (docs/decisions/0055-server-messages-in-the-request-language.md).
 *
 * A message is defined in ONE place: its English text under a key in locales/en/server.json, with
 * its translations under the same key in locales/es/server.json and locales/ar/server.json
 * (scripts/check-locales.mjs and messages.test.ts fail when one is missing or left in English).
 * Code throws `new UserError('someKey', { param })`; the error handler answers the text in the
 * request's language (?lang, the language cookie, Accept-Language), English when none is known.
 * Keys of the client's own namespaces ("portal:validation.…", "account:password.…") are answered
 * the same way, so a form rule shared with the client has one text.
 */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { LanguageCode } from '#shared/languages';

export type ServerMessageKey = keyof typeof import('../../../locales/en/server.json');
/** A key of the client's namespaces that the server may answer too (shared form rules). */
export type SharedMessageKey = `portal:validation.${string}` | `account:password.${string}`;
export type MessageKey = ServerMessageKey | SharedMessageKey;

/** A parameter: a value, or a list of message keys read in the same language (joined by commas). */
type MessageParam = string | number | { keys: readonly string[] };
export type MessageParams = Record<string, MessageParam>;

type Strings = Record<string, unknown>;
const localesDir = fileURLToPath(new URL('../../../locales/', import.meta.url));
const loaded = new Map<string, Strings>();

function namespace(language: LanguageCode, ns: string): Strings {
  const id = `${language}/${ns}`;
  let strings = loaded.get(id);
  if (!strings) {
    try {
      strings = JSON.parse(fs.readFileSync(`${localesDir}${id}.json`, 'utf8')) as Strings;
    } catch {
      strings = {};
    }
    loaded.set(id, strings);
  }
  return strings;
}

function lookup(language: LanguageCode, key: string): string | null {
  const [ns, path] = key.includes(':') ? (key.split(':', 2) as [string, string]) : ['server', key];
  let node: unknown = namespace(language, ns);
  for (const part of path.split('.')) node = node && typeof node === 'object' ? (node as Strings)[part] : undefined;
  return typeof node === 'string' ? node : null;
}

function text(language: LanguageCode, key: string): string {
  return lookup(language, key) ?? lookup('en', key) ?? key;
}

/** The message `key` in `language` (English when that language lacks it), with {{params}} filled in. */
export function serverMessage(
  key: MessageKey | string,
  language: LanguageCode = 'en',
  params: MessageParams = {},
): string {
  return text(language, key).replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => {
    const value = params[name];
    if (value === undefined) return whole;
    if (typeof value === 'object') return value.keys.map((k) => lowerFirst(text(language, k), language)).join(', ');
    return String(value);
  });
}

/** "At least one digit" inside a sentence: "… at least one digit" (scripts without case are left alone). */
function lowerFirst(value: string, language: LanguageCode): string {
  return value.charAt(0).toLocaleLowerCase(language) + value.slice(1);
}
