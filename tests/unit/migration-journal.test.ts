// @vitest-environment node
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * Drizzle's migrator applies the journal's entries whose `when` is later than the last migration
 * the database has applied: a migration merged with an older `when` than one already on main is
 * silently skipped on every existing database (it only runs on fresh ones, such as the tests').
 * So a branch's migrations are renumbered at merge to come after main's, and the journal stays in
 * one order: by number, by `when`, and file for file.
 */
const DIR = 'src/server/db/migrations';
const journal = JSON.parse(fs.readFileSync(`${DIR}/meta/_journal.json`, 'utf8')) as {
  entries: { idx: number; when: number; tag: string }[];
};

describe('the migration journal', () => {
  it('lists migrations in strictly increasing order of when and of number', () => {
    const out: string[] = [];
    journal.entries.forEach((e, i) => {
      const prev = journal.entries[i - 1];
      if (prev && !(e.when > prev.when))
        out.push(`${e.tag} (when ${e.when}) is not after ${prev.tag} (when ${prev.when})`);
      if (prev && !(e.idx > prev.idx)) out.push(`${e.tag} (idx ${e.idx}) is not after ${prev.tag} (idx ${prev.idx})`);
    });
    expect(out).toEqual([]);
  });

  it('names each SQL file once, by its number, and every SQL file is in it', () => {
    const tags = journal.entries.map((e) => e.tag);
    const files = fs
      .readdirSync(DIR)
      .filter((f) => f.endsWith('.sql'))
      .map((f) => f.slice(0, -4));
    expect([...tags].sort()).toEqual([...files].sort());
    expect(new Set(tags.map((t) => t.slice(0, 4))).size).toBe(tags.length);
    for (const e of journal.entries) expect(e.tag.slice(0, 4)).toBe(String(e.idx).padStart(4, '0'));
  });

  // drizzle-kit writes a snapshot with every migration it makes, generated or custom (README,
  // "Changing the schema"); 0030-0038 were written by hand before that rule, and 0039's snapshot was
  // made afterwards from schema.ts (docs/decisions/0125).
  it('has a snapshot for every migration from 0039 on', () => {
    const missing = journal.entries
      .filter((e) => e.idx >= 39)
      .map((e) => `meta/${e.tag.slice(0, 4)}_snapshot.json`)
      .filter((f) => !fs.existsSync(`${DIR}/${f}`));
    expect(missing, 'a migration written without drizzle-kit: use `npm run db:custom -- --name what`').toEqual([]);
  });
});
