import { describe, expect, it } from 'vitest';
import { ImportProgressBoard } from '#server/clinic-import/import-progress';

const admin = { clinicId: 1, userId: 10, userName: 'Admin' };
const KEY = 'key-0123456789abcdef';

describe('ImportProgressBoard', () => {
  it('answers the person who started the import, and no one else', () => {
    const board = new ImportProgressBoard();
    const report = board.follow(KEY, admin);
    expect(board.read(KEY, admin)).toEqual({ stage: 'reading', done: 0, total: 0 });
    report({ stage: 'writing', done: 500, total: 1000 });
    expect(board.read(KEY, admin)).toEqual({ stage: 'writing', done: 500, total: 1000 });
    expect(() => board.read(KEY, { ...admin, userId: 11 })).toThrow('No progress of that import is known here.');
    expect(() => board.read(KEY, { ...admin, clinicId: 2 })).toThrow('No progress of that import is known here.');
    // another person's import under the same key goes unreported and leaves theirs alone
    board.follow(KEY, { ...admin, clinicId: 2 })({ stage: 'done', done: 1, total: 1 });
    expect(board.read(KEY, admin)).toEqual({ stage: 'writing', done: 500, total: 1000 });
  });

  it('forgets an import 10 minutes after its last step, and the oldest beyond 1,000', () => {
    let now = 0;
    const board = new ImportProgressBoard(() => now);
    const report = board.follow(KEY, admin);
    now = 9 * 60_000;
    report({ stage: 'writing', done: 1, total: 2 });
    now = 18 * 60_000;
    expect(board.read(KEY, admin).done).toBe(1);
    now = 20 * 60_000;
    expect(() => board.read(KEY, admin)).toThrow();

    for (let i = 0; i <= 1000; i++) board.follow(`key-${String(i).padStart(16, '0')}`, admin);
    expect(() => board.read(`key-${'0'.repeat(16)}`, admin)).toThrow();
    expect(board.read(`key-${String(1000).padStart(16, '0')}`, admin).stage).toBe('reading');
  });
});
