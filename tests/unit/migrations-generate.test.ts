// @vitest-environment node
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * `npm run db:generate` on an unchanged schema must write nothing: the latest snapshot in
 * migrations/meta describes what the migrations create, so the next generated migration holds only
 * the next change. This runs drizzle-kit's own generator on a copy of the schema, the drizzle config
 * and the migrations folder, and expects the copy unchanged. A hand-written migration
 * that skipped drizzle-kit (no snapshot), or a schema.ts edit without its migration, fails here.
 */
const ROOT = process.cwd();
const MIGRATIONS = 'src/server/db/migrations';
const SCHEMA = 'src/server/db/schema.ts';
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'pawtal-drizzle-generate-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

function listTree(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((f) => f.split(path.sep).join('/'))
    .sort();
}

describe('drizzle-kit generate on the unchanged schema', () => {
  it('finds no schema change and writes no migration', () => {
    // The tree's drizzle config, schema and migrations, at the same relative paths (drizzle-kit reads
    // them from its working directory), and the project's node_modules for drizzle-orm.
    const out = path.join(work, MIGRATIONS);
    fs.cpSync(path.join(ROOT, MIGRATIONS), out, { recursive: true });
    fs.cpSync(path.join(ROOT, SCHEMA), path.join(work, SCHEMA));
    fs.cpSync(path.join(ROOT, 'drizzle.config.ts'), path.join(work, 'drizzle.config.ts'));
    fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(work, 'node_modules'));
    const before = listTree(out);
    const journal = fs.readFileSync(path.join(out, 'meta/_journal.json'), 'utf8');

    const run = spawnSync(process.execPath, [path.join(ROOT, 'node_modules/drizzle-kit/bin.cjs'), 'generate'], {
      cwd: work,
      encoding: 'utf8',
    });
    const printed = `${run.stdout}${run.stderr}`;
    expect(run.status, printed).toBe(0);

    const added = listTree(out).filter((f) => !before.includes(f));
    const sql = added
      .filter((f) => f.endsWith('.sql'))
      .map((f) => `--- ${f}\n${fs.readFileSync(path.join(out, f), 'utf8')}`)
      .join('\n');
    expect(
      added,
      `drizzle-kit generate wrote a migration: schema.ts and the latest snapshot in ${MIGRATIONS}/meta disagree. ` +
        `If schema.ts changed, run \`npm run db:generate\` and commit what it writes; if a migration was written by hand, ` +
        `it must come from \`npm run db:custom -- --name what\` (README, "Changing the schema").\n${sql}\n${printed}`,
    ).toEqual([]);
    expect(fs.readFileSync(path.join(out, 'meta/_journal.json'), 'utf8')).toBe(journal);
    expect(printed).toContain('No schema changes');
    // drizzle-kit is a process of its own that loads the whole schema: seconds, more on a busy machine
  }, 60_000);
});
