import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { GRID_VIEW_STATE_MAX_BYTES } from '#shared/constants';
import type { GridName, GridView, SaveGridViewBody } from '#shared/contract/vet';
import type { Db } from '#server/db/client';
import { gridViews } from '#server/db/schema';
import { UserError } from '#server/http/errors';
import { clinicUserName } from '#server/visits/visit-access';

/** Views one staff user may keep per grid. */
const MAX_VIEWS_PER_GRID = 50;
/** First key of the advisory lock that orders the saves of one staff user's views. */
const GRID_VIEW_LOCK = 21_0002;

/** The views a staff user of the clinic saved for a grid, by name. A user of another clinic is "Vet user not found". */
export async function listGridViews(db: Db, clinicId: number, vetUserId: number, grid: GridName): Promise<GridView[]> {
  // the staff user must be one of this clinic's (else "Vet user not found")
  await clinicUserName(db, clinicId, vetUserId);
  return db
    .select({ id: gridViews.id, name: gridViews.name, state: gridViews.state })
    .from(gridViews)
    .where(and(eq(gridViews.clinicId, clinicId), eq(gridViews.vetUserId, vetUserId), eq(gridViews.grid, grid)))
    .orderBy(asc(sql`lower(${gridViews.name})`), asc(gridViews.id));
}

/**
 * Saves a view: a new one, or with `id` that view of the same user and grid (a rename or a new
 * state). Names are unique per user and grid, case ignored: saving under a name another view has is
 * refused. The state must be a JSON object of at most GRID_VIEW_STATE_MAX_BYTES (the schema checks
 * that it is an object).
 */
export async function saveGridView(db: Db, clinicId: number, body: SaveGridViewBody): Promise<number> {
  const name = body.name.replace(/\s+/g, ' ').trim();
  if (name === '') throw new UserError('portal:validation.invalidValue');
  if (Buffer.byteLength(JSON.stringify(body.state), 'utf8') > GRID_VIEW_STATE_MAX_BYTES)
    throw new UserError('gridViewTooLarge');
  // the staff user must be one of this clinic's (else "Vet user not found")
  await clinicUserName(db, clinicId, body.vetUserId);
  return db.transaction(async (tx) => {
    const mine = and(
      eq(gridViews.clinicId, clinicId),
      eq(gridViews.vetUserId, body.vetUserId),
      eq(gridViews.grid, body.grid),
    );
    // One writer per user and grid at a time: the name and count checks hold until the commit.
    await tx.execute(sql`select pg_advisory_xact_lock(${GRID_VIEW_LOCK}, ${body.vetUserId})`);
    const [taken] = await tx
      .select({ id: gridViews.id })
      .from(gridViews)
      .where(
        and(
          mine,
          eq(sql`lower(${gridViews.name})`, name.toLowerCase()),
          body.id === undefined ? undefined : ne(gridViews.id, body.id),
        ),
      )
      .limit(1);
    if (taken) throw new UserError('gridViewNameTaken');
    if (body.id !== undefined) {
      const [updated] = await tx
        .update(gridViews)
        .set({ name, state: body.state, updatedAt: sql`now()` })
        .where(and(mine, eq(gridViews.id, body.id)))
        .returning({ id: gridViews.id });
      if (!updated) throw new UserError('gridViewNotFound');
      return updated.id;
    }
    const [{ count }] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(gridViews)
      .where(mine);
    if (count >= MAX_VIEWS_PER_GRID) throw new UserError('gridViewLimit', { max: MAX_VIEWS_PER_GRID });
    const [created] = await tx
      .insert(gridViews)
      .values({ clinicId, vetUserId: body.vetUserId, grid: body.grid, name, state: body.state })
      .returning({ id: gridViews.id });
    return created.id;
  });
}

/** Deletes a view of the clinic; another clinic's view is "View not found", as a missing one. */
export async function deleteGridView(db: Db, clinicId: number, id: number): Promise<void> {
  const deleted = await db
    .delete(gridViews)
    .where(and(eq(gridViews.id, id), eq(gridViews.clinicId, clinicId)))
    .returning({ id: gridViews.id });
  if (deleted.length === 0) throw new UserError('gridViewNotFound');
}
