// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { fieldChanges } from '#server/history/record-history';

describe('fieldChanges', () => {
  const fields = ['value', 'date', 'notes'] as const;

  it('lists what changed, in field order', () => {
    expect(
      fieldChanges(
        fields,
        { value: '12.1 kg', date: '2026-03-05', notes: 'a' },
        { value: '12.4 kg', date: '2026-03-05', notes: 'b' },
      ),
    ).toEqual([
      { field: 'value', from: '12.1 kg', to: '12.4 kg' },
      { field: 'notes', from: 'a', to: 'b' },
    ]);
  });

  it('lists what a new thing holds, and what a removed one held', () => {
    expect(fieldChanges(fields, null, { value: 'Rabies', date: '2026-03-05', notes: '' })).toEqual([
      { field: 'value', from: null, to: 'Rabies' },
      { field: 'date', from: null, to: '2026-03-05' },
    ]);
    expect(fieldChanges(fields, { value: 'Rabies', date: null, notes: null }, null)).toEqual([
      { field: 'value', from: 'Rabies', to: null },
    ]);
  });

  it('treats an empty text as nothing, and keeps false as a value', () => {
    expect(fieldChanges(['notes'], { notes: '' }, { notes: null })).toEqual([]);
    expect(fieldChanges(['flag'], { flag: null }, { flag: false })).toEqual([{ field: 'flag', from: null, to: false }]);
  });
});
