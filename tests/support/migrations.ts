import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';

export const MIGRATIONS = path.resolve('src/server/db/migrations');

/** A copy of the migrations folder whose journal stops at migration `last` (remove it after use). */
export function migrationsUpTo(last: number): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pawtal-migrations-'));
  fs.cpSync(MIGRATIONS, dir, { recursive: true });
  const journalPath = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalPath, 'utf8')) as { entries: { idx: number }[] };
  journal.entries = journal.entries.filter((e) => e.idx <= last);
  fs.writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

/** An empty in-memory PGlite with the extensions the migrations create. */
export function emptyPglite(): Promise<PGlite> {
  return PGlite.create('memory://', { extensions: { pg_trgm, btree_gin, btree_gist, cube, unaccent } });
}
