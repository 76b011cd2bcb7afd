import i18next, { type TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import type { HistoryEntry } from '#shared/contract/vet-records';
import { ERASED_HISTORY_VALUE } from '#shared/contract/vet-record-values';
import { historyText } from '#client/features/portal-pets/history-text';

const portal = import.meta.glob<Record<string, unknown>>('/locales/en/portal.json', { eager: true, import: 'default' })[
  '/locales/en/portal.json'
];
const i18n = i18next.createInstance();
void i18n.init({
  lng: 'en',
  resources: { en: { portal } },
  defaultNS: 'portal',
  interpolation: { escapeValue: false },
  initAsync: false,
});
const t = i18n.getFixedT('en', 'portal') as TFunction<'portal'>;
const f = {
  language: 'en',
  petType: (title: string) => title,
  breed: (title: string) => title,
  weight: (text: string) => text,
  choice: (_entity: string, value: string) => value,
};

function entry(over: Partial<HistoryEntry>): HistoryEntry {
  return {
    at: '2026-03-05T14:05:00.000Z',
    userName: 'Dr. Ana Ruiz',
    action: 'change',
    entity: 'weight',
    changes: [],
    visitDate: null,
    ...over,
  };
}

describe('history in words a receptionist reads', () => {
  it('says one change in one sentence', () => {
    expect(historyText(t, entry({ changes: [{ field: 'value', from: '12.1 kg', to: '12.4 kg' }] }), f)).toEqual({
      headline: 'Dr. Ana Ruiz changed weight 12.1 kg → 12.4 kg',
      details: [],
    });
  });

  it('names the visit a record belongs to, and lists several changes', () => {
    const text = historyText(
      t,
      entry({
        entity: 'vaccination',
        visitDate: '2026-03-05',
        changes: [
          { field: 'value', from: 'Rabies', to: 'DHPP' },
          { field: 'nextReminderDate', from: null, to: '2027-03-05' },
        ],
      }),
      f,
    );
    expect(text.headline).toBe('Dr. Ana Ruiz changed a vaccination (visit of March 5, 2026)');
    expect(text.details).toEqual(['vaccine: Rabies → DHPP', 'next reminder: (empty) → March 5, 2027']);
  });

  it('says what was added, removed, restored and purged', () => {
    expect(
      historyText(
        t,
        entry({
          action: 'create',
          entity: 'pet',
          changes: [
            { field: 'petName', from: null, to: 'Rex' },
            { field: 'gender', from: null, to: 'Female' },
            { field: 'isSterilized', from: null, to: true },
          ],
        }),
        f,
      ),
    ).toEqual({
      headline: 'Dr. Ana Ruiz added the pet',
      details: ['name: Rex', 'gender: Female', 'sterilized: Yes'],
    });
    expect(
      historyText(
        t,
        entry({ action: 'delete', entity: 'picture', changes: [{ field: 'notes', from: 'Ear', to: null }] }),
        f,
      ),
    ).toEqual({ headline: 'Dr. Ana Ruiz removed a picture', details: ['notes: Ear'] });
    expect(historyText(t, entry({ action: 'restore', entity: 'visit' }), f).headline).toBe(
      'Dr. Ana Ruiz restored a visit',
    );
    expect(historyText(t, entry({ action: 'purge', entity: 'pet', userName: '' }), f).headline).toBe(
      'Pawtal removed the pet for good when the time to restore it ran out',
    );
  });

  it("says an owner's erased contact data was erased (issue 32, item 7)", () => {
    const erased = entry({
      entity: 'pet',
      changes: [{ field: 'ownerPhone', from: ERASED_HISTORY_VALUE, to: ERASED_HISTORY_VALUE }],
    });
    expect(historyText(t, erased, f).headline).toBe("Dr. Ana Ruiz changed owner's phone (erased) → (erased)");
    expect(historyText(t, entry({ action: 'erase', entity: 'pet' }), f).headline).toBe(
      "Dr. Ana Ruiz erased an owner's contact data at their request",
    );
  });

  it('never shows a photo, only that there is one', () => {
    expect(
      historyText(t, entry({ entity: 'pet', changes: [{ field: 'photo', from: false, to: true }] }), f).headline,
    ).toBe('Dr. Ana Ruiz changed the photo');
  });

  it("shows stored titles and weights through the language's formatters, never as stored", () => {
    const de = {
      language: 'de',
      petType: () => 'Hund',
      breed: () => 'Mischling',
      weight: (text: string) => `«${text}»`,
      choice: (_entity: string, value: string) => `[${value}]`,
    };
    expect(historyText(t, entry({ changes: [{ field: 'value', from: '12.1 kg', to: '12.4 kg' }] }), de).headline).toBe(
      'Dr. Ana Ruiz changed weight «12.1 kg» → «12.4 kg»',
    );
    expect(
      historyText(t, entry({ entity: 'vaccination', changes: [{ field: 'value', from: 'Rabies', to: 'DHPP' }] }), de)
        .headline,
    ).toBe('Dr. Ana Ruiz changed vaccine [Rabies] → [DHPP]');
    expect(
      historyText(
        t,
        entry({
          entity: 'pet',
          changes: [
            { field: 'petType', from: 'Dog', to: 'Cat' },
            { field: 'petBreed', from: 'Mixed', to: 'Persian' },
          ],
        }),
        de,
      ).details,
    ).toEqual(['type: Hund → Hund', 'breed: Mischling → Mischling']);
  });

  it('names the schedule of reminder notices as who sent a notice (issue 33)', () => {
    const notice = entry({
      userName: '@reminder-schedule',
      action: 'create',
      entity: 'notice',
      changes: [
        { field: 'stage', from: null, to: -14 },
        { field: 'nextReminderDate', from: null, to: '2026-03-19' },
      ],
    });
    expect(historyText(t, notice, f)).toEqual({
      headline: 'Reminder schedule added a reminder notice',
      details: ['days from the due date: -14', 'next reminder: March 19, 2026'],
    });
  });
});
