// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { groupRemindersByOwner } from '#server/reminders/group-by-owner';

describe('reminder e-mails grouped per owner', () => {
  it('puts every reminder of one address in one e-mail (case ignored), in order, the first known language', () => {
    const groups = groupRemindersByOwner([
      { wellnessRecordId: 1, date: '2026-03-01', recipient: 'Ana@Example.com', language: null },
      { wellnessRecordId: 2, date: '2026-03-01', recipient: 'ben@example.com', language: 'es' },
      { wellnessRecordId: 3, date: '2026-03-02', recipient: 'ana@example.com', language: 'ar' },
      { wellnessRecordId: 4, date: '2026-03-03', recipient: 'ANA@example.com', language: 'es' },
    ]);
    expect(groups).toEqual([
      {
        recipient: 'Ana@Example.com',
        language: 'ar',
        reminders: [
          { wellnessRecordId: 1, date: '2026-03-01' },
          { wellnessRecordId: 3, date: '2026-03-02' },
          { wellnessRecordId: 4, date: '2026-03-03' },
        ],
      },
      { recipient: 'ben@example.com', language: 'es', reminders: [{ wellnessRecordId: 2, date: '2026-03-01' }] },
    ]);
  });

  it('is English without a known language, and nothing for nothing', () => {
    expect(
      groupRemindersByOwner([
        { wellnessRecordId: 9, date: '2026-01-01', recipient: 'x@example.com', language: null },
      ])[0].language,
    ).toBe('en');
    expect(groupRemindersByOwner([])).toEqual([]);
  });
});
