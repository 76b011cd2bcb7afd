import crypto from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { sql } from 'drizzle-orm';
import { generateDrizzleJson, generateMigration } from 'drizzle-kit/api';
import pg from 'pg';
import { expect, inject, it } from 'vitest';
import * as schema from '#server/db/schema';
import { describeOnBothDatabases } from '#tests/support/databases';

/**
 * The database the migrations make is the one schema.ts describes (docs/decisions/0125): the
 * test's database, migrated from 0000, against a fresh one made from drizzle-kit's own SQL for
 * schema.ts, compared by PostgreSQL's catalog (columns, constraints, indexes, sequences). With
 * tests/unit/migrations-generate.test.ts (the latest snapshot is schema.ts), the next generated
 * migration is exactly the next change. A table, column, index or constraint that a hand-written
 * migration makes and schema.ts does not describe (or describes otherwise) fails here.
 */
type Query = (text: string) => Promise<Record<string, string>[]>;

const CATALOG = [
  `select table_name || '.' || column_name || ' ' || data_type || coalesce('(' || character_maximum_length || ')', '')
     || ' null=' || is_nullable || ' default=' || coalesce(column_default, '-') || ' identity=' || is_identity
     || coalesce(' ' || identity_generation, '') || ' generated=' || is_generated || coalesce(' ' || generation_expression, '') as line
   from information_schema.columns where table_schema = 'public'`,
  `select conrelid::regclass || ' ' || conname || ' ' || pg_get_constraintdef(oid) as line
   from pg_constraint where connamespace = 'public'::regnamespace and conrelid <> 0`,
  `select indexdef as line from pg_indexes where schemaname = 'public'`,
  `select sequencename || ' ' || data_type || ' ' || start_value || ' ' || min_value || ' ' || max_value
     || ' ' || increment_by || ' ' || cache_size as line from pg_sequences where schemaname = 'public'`,
];

async function catalog(query: Query): Promise<string[]> {
  const lines: string[] = [];
  for (const text of CATALOG) lines.push(...(await query(text)).map((r) => r.line!));
  return lines.sort();
}

/** Makes `target` from schema.ts: first the extensions and functions `source` has (schema.ts describes neither). */
async function buildFromSchema(source: Query, target: (text: string) => Promise<unknown>): Promise<void> {
  for (const { extname } of await source(`select extname from pg_extension where extname <> 'plpgsql'`))
    await target(`create extension if not exists "${extname}"`);
  await target('set check_function_bodies = off');
  const functions = await source(
    `select pg_get_functiondef(p.oid) as body from pg_proc p join pg_namespace n on n.oid = p.pronamespace
     where n.nspname = 'public' and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
     order by p.oid`,
  );
  for (const { body } of functions) await target(body!);
  const empty = generateDrizzleJson({}, undefined, undefined, 'snake_case');
  const described = generateDrizzleJson(schema, empty.id, undefined, 'snake_case');
  for (const statement of await generateMigration(empty, described)) await target(statement);
}

describeOnBothDatabases('the migrated database', (ctx) => {
  it('is the database schema.ts describes', async () => {
    const migrated: Query = async (text) =>
      ((await ctx().db.execute(sql.raw(text))) as unknown as { rows: Record<string, string>[] }).rows;
    let fromSchema: string[];
    if (ctx().kind === 'pglite') {
      const db = await PGlite.create('memory://', { extensions: { pg_trgm, btree_gin, btree_gist, cube, unaccent } });
      try {
        await buildFromSchema(migrated, (text) => db.exec(text));
        fromSchema = await catalog(async (text) => (await db.query<Record<string, string>>(text)).rows);
      } finally {
        await db.close();
      }
    } else {
      const name = `schema_${crypto.randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: `${inject('pgBaseUrl')}/postgres` });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      const db = new pg.Client({ connectionString: `${inject('pgBaseUrl')}/${name}` });
      try {
        await db.connect();
        await buildFromSchema(migrated, (text) => db.query(text));
        fromSchema = await catalog(async (text) => (await db.query<Record<string, string>>(text)).rows);
      } finally {
        await db.end();
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      }
    }
    const made = await catalog(migrated);
    expect({
      'made by the migrations only': made.filter((l) => !fromSchema.includes(l)),
      'described by schema.ts only': fromSchema.filter((l) => !made.includes(l)),
    }).toEqual({ 'made by the migrations only': [], 'described by schema.ts only': [] });
    expect(made.length).toBeGreaterThan(300);
  });
});
