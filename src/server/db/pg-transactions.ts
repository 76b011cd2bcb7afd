import pg from 'pg';
import { sql, type SQL } from 'drizzle-orm';
import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import type { PgTransactionConfig } from 'drizzle-orm/pg-core';
import type { TablesRelationalConfig } from 'drizzle-orm';

/**
 * drizzle-orm 0.45's node-postgres transaction takes a pooled connection and sends BEGIN before its try block: when
 * BEGIN fails (PostgreSQL went away, docs/decisions/0155's read-only snapshots made this common) the connection is
 * never given back. Each such failure shrinks the pool by one for good, and closing the pool waits for it forever
 * (tests/api/faults-database.test.ts hung at stop). This runs a transaction the same way with BEGIN inside the
 * block, so the connection always goes back; a broken one is dropped by the pool on release.
 */
interface SessionInternals {
  client: pg.Pool | pg.PoolClient | pg.Client;
  dialect: ConstructorParameters<typeof NodePgSession>[1];
  schema: ConstructorParameters<typeof NodePgSession>[2];
  options: ConstructorParameters<typeof NodePgSession>[3];
}

type Transaction = NodePgTransaction<Record<string, unknown>, TablesRelationalConfig>;
type TransactionBody = (tx: Transaction) => Promise<unknown>;

let installed = false;

export function releaseConnectionsOfFailedTransactions(): void {
  if (installed) return;
  installed = true;
  const original = NodePgSession.prototype.transaction;
  NodePgSession.prototype.transaction = async function transaction(
    this: NodePgSession<Record<string, unknown>, TablesRelationalConfig>,
    body: TransactionBody,
    config?: PgTransactionConfig,
  ) {
    const self = this as unknown as SessionInternals;
    if (!(self.client instanceof pg.Pool)) return original.call(this, body as never, config) as never;
    const connection = await self.client.connect();
    try {
      const session = new NodePgSession(connection, self.dialect, self.schema, self.options);
      const tx = new NodePgTransaction(self.dialect, session, self.schema as never);
      // (protected in drizzle's types: the same SQL drizzle's own transaction writes)
      const configSql = (tx as unknown as { getTransactionConfigSQL(c: PgTransactionConfig): SQL })
        .getTransactionConfigSQL;
      await tx.execute(sql`begin${config ? sql` ${configSql.call(tx, config)}` : undefined}`);
      try {
        const result = await body(tx);
        await tx.execute(sql`commit`);
        return result as never;
      } catch (error) {
        await tx.execute(sql`rollback`).catch(() => undefined);
        throw error;
      }
    } finally {
      connection.release();
    }
  } as typeof original;
}
