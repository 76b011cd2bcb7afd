import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { pageQueryNames } from '#shared/page-address';
import { LANGUAGES } from '#shared/languages';
import { keptEncoding } from '#server/http/kept-answer';

/**
 * The nginx example of docs/operations.md (issue 19 item 3) against what the server does: its page
 * key names every parameter a page reads and keys pages on them, not on the address; its language
 * map knows every language; the encoding it stores an answer in is the one the server chooses for
 * the Accept-Encoding it sends.
 */
const operations = fs.readFileSync('docs/operations.md', 'utf8');
// every nginx block of the page read as one configuration (the slow-client settings are one, the cache another)
const nginx = [...operations.matchAll(/```nginx\n([\s\S]*?)```/g)].map((m) => m[1]).join('\n');

/** The entries of an nginx `map $source $name { ... }` block: [pattern, value] in order. */
function mapEntries(name: string): { entries: [string, string][]; fallback: string } {
  const block = new RegExp(`map \\$\\S+ \\$${name} \\{\\n([\\s\\S]*?)\\n\\}`).exec(nginx)?.[1];
  if (!block) throw new Error(`no map for $${name} in the nginx example`);
  const entries: [string, string][] = [];
  let fallback = '';
  for (const line of block
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'))) {
    const m = /^("(?:[^"\\]|\\.)*"|\S+)\s+("(?:[^"\\]|\\.)*"|\S+);$/.exec(line);
    if (!m) throw new Error(`unread map line: ${line}`);
    const [pattern, value] = [m[1], m[2]].map((v) => (v.startsWith('"') ? v.slice(1, -1) : v));
    if (pattern === 'default') fallback = value;
    else entries.push([pattern, value]);
  }
  return { entries, fallback };
}

/** nginx's map for a value: its regular expressions in order (~ with case, ~* without), else the default. */
function applyMap(name: string, input: string): string {
  const { entries, fallback } = mapEntries(name);
  for (const [pattern, value] of entries) {
    if (!pattern.startsWith('~')) throw new Error(`only regular expressions are emulated: ${pattern}`);
    const caseless = pattern.startsWith('~*');
    const match = new RegExp(pattern.slice(caseless ? 2 : 1), caseless ? 'i' : '').exec(input);
    if (match) return value.replace(/\$(\w+)/g, (_, group: string) => match.groups?.[group] ?? '');
  }
  return fallback;
}

describe('the nginx example in docs/operations.md', () => {
  it('keys a page on its path and every parameter a page reads, not on its address', () => {
    const key = /proxy_cache_key "([^"]+)";/.exec(nginx)?.[1] ?? '';
    expect(key).not.toContain('$request_uri');
    expect(key).toContain('$pawtal_page');
    const { entries, fallback } = mapEntries('pawtal_page');
    expect(fallback.startsWith('$uri?')).toBe(true);
    const keyed = [...fallback.matchAll(/\$arg_(\w+)/g)].map((m) => m[1]);
    expect(keyed.sort()).toEqual(pageQueryNames().sort());
    // the whole address only for what is not a page
    expect(entries).toEqual([['~^/(api|media|assets)/', '$request_uri']]);
    // the upstream is chosen by the page too (one render and one copy per page)
    expect(nginx).toMatch(/hash \$pawtal_page consistent;/);
  });

  it('keys on the language as the server picks it, and sends the server that language', () => {
    const key = /proxy_cache_key "([^"]+)";/.exec(nginx)?.[1] ?? '';
    for (const part of ['$arg_lang', '$cookie_pawtal_lang', '$pawtal_accept_language']) expect(key).toContain(part);
    expect(nginx).toContain('proxy_set_header Accept-Language $pawtal_accept_language;');
    for (const { code } of LANGUAGES)
      expect(applyMap('pawtal_accept_language', `${code}-XX,en;q=0.5`), code).toBe(code);
    expect(applyMap('pawtal_accept_language', 'nl-NL,nl;q=0.9')).toBe('en');
    expect(applyMap('pawtal_accept_language', 'english')).toBe('en');
  });

  it('keys on the encoding the server answers in for the Accept-Encoding nginx sends it', () => {
    const key = /proxy_cache_key "([^"]+)";/.exec(nginx)?.[1] ?? '';
    expect(key).toContain('$pawtal_encoding');
    expect(nginx).toContain('proxy_set_header Accept-Encoding $pawtal_encoding;');
    const headers = [
      'gzip, deflate, br',
      'br',
      'gzip',
      'deflate',
      '',
      'identity',
      'gzip, deflate, br, zstd',
      'BR;q=1.0, gzip;q=0.8',
      'x-gzip',
    ];
    for (const header of headers) {
      const stored = applyMap('pawtal_encoding', header);
      // what the server answers to what nginx sends, and what a client that sent `header` can read
      expect(keptEncoding(stored || undefined) ?? '', header).toBe(stored);
      if (stored) expect(header.toLowerCase(), header).toContain(stored);
    }
  });
});
