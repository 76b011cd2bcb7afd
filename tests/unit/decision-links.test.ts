// @vitest-environment node
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every link from the code and the docs to a decision record names a record that exists (records were once renumbered).
 */
const RECORDS = fs.readdirSync('docs/decisions').filter((f) => /^\d{4}-.*\.md$/.test(f));
const NUMBERS = new Set(RECORDS.map((f) => f.slice(0, 4)));

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'migrations' ? [] : filesUnder(p);
    return /\.(ts|tsx|mjs|js|md)$/.test(e.name) ? [p] : [];
  });
}

describe('links to decision records', () => {
  const files = [
    ...filesUnder('src'),
    ...filesUnder('tests'),
    ...filesUnder('scripts'),
    ...filesUnder('docs'),
    'README.md',
  ];

  it('name a record that exists, by file and by number', () => {
    const broken: string[] = [];
    for (const file of files) {
      const text = fs.readFileSync(file, 'utf8');
      for (const m of text.matchAll(/decisions\/(\d{4}-[\w-]+\.md)/g))
        if (!RECORDS.includes(m[1])) broken.push(`${file}: ${m[0]}`);
      for (const m of text.matchAll(/\b[Dd]ecisions? (\d{4})\b/g))
        if (!NUMBERS.has(m[1])) broken.push(`${file}: ${m[0]}`);
    }
    expect(broken).toEqual([]);
  });
});
