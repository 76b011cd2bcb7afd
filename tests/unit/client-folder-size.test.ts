// @vitest-environment node
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * No folder of src/client holds more than 30 source files side by side (issue 30): past that a folder stops saying
 * what it holds, and it is time to group it (components/ into format/, i18n/, media/ …, a feature into two).
 * Tests count: every .ts and .tsx file directly in the folder, `*.test.ts(x)` included, since they sit beside the
 * code they test and a reader meets them in the same listing. Files in sub-folders count for their own folder.
 */
const MAX_FILES = 30;

function folders(dir: string): string[] {
  return [
    dir,
    ...fs
      .readdirSync(dir, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .flatMap((e) => folders(path.join(dir, e.name))),
  ];
}

function sourceFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name))
    .map((e) => e.name);
}

describe('src/client folders', () => {
  it(`hold at most ${MAX_FILES} source files each, tests included`, () => {
    const crowded = folders('src/client')
      .map((dir) => ({ dir, files: sourceFiles(dir).length }))
      .filter(({ files }) => files > MAX_FILES);
    expect(crowded).toEqual([]);
  });

  it('counts tests and only the files directly in a folder', () => {
    const files = sourceFiles('src/client/components/format');
    expect(files.some((f) => f.endsWith('.test.ts'))).toBe(true);
    expect(sourceFiles('src/client/components')).toEqual([]);
  });
});
