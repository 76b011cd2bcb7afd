import type { Db } from '#server/db/client';

/**
 * Runs `read` in one read-only REPEATABLE READ transaction (docs/decisions/0155): every statement it makes
 * through `tx` sees the same snapshot, so an answer built from several statements (a visit and its records, a
 * page and its count) never shows half of one write and half of another. Every read that builds one answer from
 * several statements goes through here; a single statement is a snapshot by itself. On PostgreSQL it holds one
 * pooled connection for the read; on PGlite a transaction runs alone, as every statement there does. The
 * statements inside run one after another (a connection runs one at a time anyway).
 */
export function readOneSnapshot<T>(db: Db, read: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction((tx) => read(tx), { isolationLevel: 'repeatable read', accessMode: 'read only' });
}
