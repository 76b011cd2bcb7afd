import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { clinicUsers, clinics } from '#server/db/schema';
import { API } from '#shared/contract/paths';
import { describeOnBothDatabases } from '#tests/support/databases';
import { answered, injectApi } from '#tests/support/api-client';
import { DEMO_CLINIC, loginClinic, OTHER_CLINIC } from '#tests/support/vet-session';

const STATE = {
  columns: {
    orderedFields: ['petName', 'age'],
    columnVisibilityModel: { OwnerEmailForVet: false },
    dimensions: { petName: { width: 180 } },
  },
  density: 'compact',
  sorting: { sortModel: [{ field: 'petName', sort: 'asc' }] },
  pagination: { paginationModel: { pageSize: 25 } },
};

/**
 * Saved grid views (issue 21, item 6): GetGridViews, SaveGridView (new, rename, overwrite),
 * DeleteGridView; the state is a JSON object of at most 8 KB; names are one per user and grid;
 * a user of one clinic never reads, writes or deletes another clinic's views.
 */
describeOnBothDatabases('Vet portal saved grid views', (ctx) => {
  let demoToken = '';
  let otherToken = '';
  let demoUsers: number[] = [];
  let otherUsers: number[] = [];

  beforeAll(async () => {
    demoToken = await loginClinic(ctx().app, DEMO_CLINIC);
    otherToken = await loginClinic(ctx().app, OTHER_CLINIC);
    const users = await ctx()
      .db.select({ id: clinicUsers.id, clinic: clinics.username })
      .from(clinicUsers)
      .innerJoin(clinics, eq(clinics.id, clinicUsers.clinicId));
    demoUsers = users.filter((u) => u.clinic === DEMO_CLINIC).map((u) => u.id);
    otherUsers = users.filter((u) => u.clinic === OTHER_CLINIC).map((u) => u.id);
  });

  const api = injectApi(() => ctx().app);

  // Grid names, views and ids that are not valid are sent on purpose: the calls go unchecked.
  const views = (grid: string, vetUserId: number, token = demoToken) =>
    answered(api.send(API.gridViews, { query: { grid, vetUserId } }, { token }));
  const save = (payload: Record<string, unknown>, token = demoToken) =>
    answered(api.send(API.saveGridView, { json: payload }, { token }));
  const remove = (id: unknown, token = demoToken) =>
    answered(api.send(API.deleteGridView, { json: { id } }, { token }));

  it('saves a view under a name, lists it by name with its state, renames and overwrites it, deletes it', async () => {
    const user = demoUsers[0];
    expect((await views('pets', user)).body).toEqual({ result: 1, message: '', data: { views: [] } });
    const first = await save({ grid: 'pets', vetUserId: user, name: '  Morning   desk ', state: STATE });
    expect(first.body.result).toBe(1);
    const second = await save({
      grid: 'pets',
      vetUserId: user,
      name: 'Cats only',
      state: { filter: { petTypeId: 2 } },
    });
    const listed = (await views('pets', user)).body.data!.views;
    expect(listed).toEqual([
      { id: second.body.data!.id, name: 'Cats only', state: { filter: { petTypeId: 2 } } },
      { id: first.body.data!.id, name: 'Morning desk', state: STATE },
    ]);
    // Rename and a new state, same id.
    const renamed = await save({
      id: first.body.data!.id,
      grid: 'pets',
      vetUserId: user,
      name: 'Afternoon',
      state: { density: 'comfortable' },
    });
    expect(renamed.body).toEqual({ result: 1, message: '', data: { id: first.body.data!.id } });
    expect((await views('pets', user)).body.data!.views.map((v) => [v.name, v.state])).toEqual([
      ['Afternoon', { density: 'comfortable' }],
      ['Cats only', { filter: { petTypeId: 2 } }],
    ]);
    // A view of the Pets grid is not one of the Visits grid, nor another user's.
    expect((await views('visits', user)).body.data!.views).toEqual([]);
    expect((await views('pets', demoUsers[1])).body.data!.views).toEqual([]);
    expect((await remove(second.body.data!.id)).body).toEqual({ result: 1, message: '', data: null });
    expect((await views('pets', user)).body.data!.views.map((v) => v.name)).toEqual(['Afternoon']);
    expect((await remove(second.body.data!.id)).body).toMatchObject({ result: 0, message: 'View not found.' });
  });

  it('one view per name for a user and grid, case ignored; the same name for another grid or user is fine', async () => {
    const user = demoUsers[1];
    const a = await save({ grid: 'visits', vetUserId: user, name: 'Today', state: {} });
    expect(a.body.result).toBe(1);
    expect((await save({ grid: 'visits', vetUserId: user, name: 'TODAY', state: {} })).body).toEqual({
      result: 0,
      message: 'A view with this name exists already. Please choose another name.',
      data: null,
    });
    const b = await save({ grid: 'visits', vetUserId: user, name: 'Week', state: {} });
    expect(
      (await save({ id: b.body.data!.id, grid: 'visits', vetUserId: user, name: 'today', state: {} })).body.result,
    ).toBe(0);
    expect(
      (await save({ id: a.body.data!.id, grid: 'visits', vetUserId: user, name: 'today', state: {} })).body.result,
    ).toBe(1);
    expect((await save({ grid: 'pets', vetUserId: user, name: 'Today', state: {} })).body.result).toBe(1);
    expect((await save({ grid: 'visits', vetUserId: demoUsers[2], name: 'Today', state: {} })).body.result).toBe(1);
  });

  it('takes a state that is a JSON object of at most 8 KB, and a name of 1 to 60 characters', async () => {
    const user = demoUsers[2];
    for (const state of [[1, 2], 'text', 5, null])
      expect((await save({ grid: 'pets', vetUserId: user, name: 'Bad', state })).status, JSON.stringify(state)).toBe(
        400,
      );
    const big = { blob: 'x'.repeat(8192) };
    expect((await save({ grid: 'pets', vetUserId: user, name: 'Big', state: big })).body).toEqual({
      result: 0,
      message: 'This view is too large to save.',
      data: null,
    });
    const fits = { blob: 'x'.repeat(8192 - JSON.stringify({ blob: '' }).length) };
    expect((await save({ grid: 'pets', vetUserId: user, name: 'Fits', state: fits })).body.result).toBe(1);
    // Counted in bytes of UTF-8: 4,091 two-byte letters are over 8 KB.
    expect(
      (await save({ grid: 'pets', vetUserId: user, name: 'é'.repeat(8), state: { blob: 'ü'.repeat(4091) } })).body
        .result,
    ).toBe(0);
    for (const name of ['', 'x'.repeat(61)])
      expect((await save({ grid: 'pets', vetUserId: user, name, state: {} })).status).toBe(400);
    expect((await save({ grid: 'pets', vetUserId: user, name: '   ', state: {} })).body.result).toBe(0);
    expect((await save({ grid: 'kennels', vetUserId: user, name: 'X', state: {} })).status).toBe(400);
    expect((await views('kennels', user)).status).toBe(400);
  });

  it("never lets one clinic read, write or delete another clinic's views: its users are refused like missing ones", async () => {
    const mine = await save({ grid: 'pets', vetUserId: demoUsers[0], name: 'Private', state: { secret: true } });
    const missing = 2147483000;
    for (const vetUserId of [demoUsers[0], missing]) {
      expect((await views('pets', vetUserId, otherToken)).body, String(vetUserId)).toEqual({
        result: 0,
        message: 'Vet user not found',
        data: null,
      });
      expect((await save({ grid: 'pets', vetUserId, name: 'Intruder', state: {} }, otherToken)).body).toEqual({
        result: 0,
        message: 'Vet user not found',
        data: null,
      });
    }
    // Renaming or deleting the other clinic's view by its id: not found, and it stays.
    expect(
      (
        await save(
          { id: mine.body.data!.id, grid: 'pets', vetUserId: otherUsers[0], name: 'Taken', state: {} },
          otherToken,
        )
      ).body,
    ).toEqual({ result: 0, message: 'View not found.', data: null });
    expect((await remove(mine.body.data!.id, otherToken)).body).toEqual({
      result: 0,
      message: 'View not found.',
      data: null,
    });
    expect((await views('pets', demoUsers[0])).body.data!.views.some((v) => v.name === 'Private')).toBe(true);
    // Without a session: 401.
    expect((await api.get(API.gridViews, { grid: 'pets', vetUserId: demoUsers[0] })).statusCode).toBe(401);
    expect((await api.post(API.deleteGridView, { id: mine.body.data!.id })).statusCode).toBe(401);
  });

  it('keeps at most 50 views of a grid per user', async () => {
    const user = otherUsers[1];
    for (let i = 0; i < 50; i++)
      expect(
        (await save({ grid: 'visits', vetUserId: user, name: `View ${i}`, state: {} }, otherToken)).body.result,
      ).toBe(1);
    expect(
      (await save({ grid: 'visits', vetUserId: user, name: 'One more', state: {} }, otherToken)).body,
    ).toMatchObject({ result: 0, message: 'You can keep at most 50 views of a grid. Please delete one first.' });
  });
});
