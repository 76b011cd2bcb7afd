import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '#server/db/client';

/** The rows of a raw `db.execute`: PGlite's driver answers an object with rows, node-postgres's too, some an array. */
function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as T[];
}

/**
 * The plan of `statement` (EXPLAIN, not run) with sequential scans off, so on a small test database it shows whether
 * an index can serve the statement at all, and the definition of each index the plan uses.
 */
export async function explainIndexes(db: Db, statement: SQL): Promise<{ plan: string; indexes: string[] }> {
  const plan = await db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    const rows = rowsOf<Record<string, string>>(await tx.execute(sql`explain ${statement}`));
    return rows.map((r) => Object.values(r)[0]).join('\n');
  });
  const names = [
    ...plan.matchAll(/(?:Index|Index Only) Scan(?: Backward)? using (\w+)|Bitmap Index Scan on (\w+)/g),
  ].map((m) => m[1] ?? m[2]);
  const indexes: string[] = [];
  for (const name of new Set(names)) {
    const [{ def }] = rowsOf<{ def: string }>(await db.execute(sql`select pg_get_indexdef(${name}::regclass) as def`));
    indexes.push(def);
  }
  return { plan, indexes };
}
