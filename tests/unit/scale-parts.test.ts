// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { EXPORT_PART, LONG_TAIL_PART, SWEEP_PART, selectParts } from '#tests/bench/scale-parts';

/** `npm run bench -- --only scale --calls …` (tests/bench/scale-parts.ts): which parts of the scale benchmark run. */
describe('the scale benchmark parts --calls selects', () => {
  const names = {
    calls: ['GetPetSitters near me', 'GetLostPets near me', 'GetVetPets (search)', 'GetVetReminders'],
    desk: ['desk: GetVetPets folded search', 'desk: GetVetReminderDays', 'desk: GetVetOwnerDuplicates'],
  };

  it('runs everything without words', () => {
    for (const filters of [undefined, []])
      expect(selectParts(filters, names)).toEqual({ ...names, longTail: true, export: true, sweep: true });
  });

  it('runs only the desk call a name picks: no export, long tail, sweep or HTTP call', () => {
    expect(selectParts(['desk: GetVetReminderDays'], names)).toEqual({
      calls: [],
      desk: ['desk: GetVetReminderDays'],
      longTail: false,
      export: false,
      sweep: false,
    });
    expect(selectParts(['DESK'], names)).toMatchObject({ calls: [], desk: names.desk, longTail: false, export: false });
  });

  it('names the long tail, the export and the sweep as parts of their own', () => {
    expect(selectParts(['long tail'], names)).toEqual({
      calls: [],
      desk: [],
      longTail: true,
      export: false,
      sweep: false,
    });
    expect(selectParts(['exportvetpets'], names)).toMatchObject({ calls: [], desk: [], longTail: false, export: true });
    expect(selectParts(['sweep'], names)).toMatchObject({ calls: [], desk: [], export: false, sweep: true });
    for (const part of [LONG_TAIL_PART, EXPORT_PART, SWEEP_PART])
      expect(Object.values(selectParts([part], names)).filter((v) => v === true)).toHaveLength(1);
  });

  it('matches any of several words, in HTTP and desk calls alike', () => {
    expect(selectParts(['near me', 'Reminder'], names)).toEqual({
      calls: ['GetPetSitters near me', 'GetLostPets near me', 'GetVetReminders'],
      desk: ['desk: GetVetReminderDays'],
      longTail: false,
      export: false,
      sweep: true,
    });
  });

  it('refuses words that select nothing', () => {
    expect(() => selectParts(['no such call'], names)).toThrow(/no scale call or part matches no such call/);
  });
});
