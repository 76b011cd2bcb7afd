import fs from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyPglite, MIGRATIONS, migrationsUpTo } from '#tests/support/migrations';

/** The last migration before owners were records. */
const BEFORE_OWNERS = 41;

interface Owner {
  id: number;
  clinic_id: number;
  name: string;
  phone: string;
  email: string | null;
  notes: string;
  reminders_by_email: boolean;
  language: string | null;
}

// Migration 0042 turns each clinic's patient rows into owners: the same e-mail, or the same phone digits and the
// same folded name, is one owner (through any chain of rows); nothing a row held is lost; consent stays on.
describe('migration 0042: patient rows become owners', () => {
  let client: PGlite;
  let oldFolder = '';
  const patients: Record<string, number> = {};

  beforeAll(async () => {
    client = await emptyPglite();
    const db = drizzle({ client });
    oldFolder = migrationsUpTo(BEFORE_OWNERS);
    await migrate(db, { migrationsFolder: oldFolder });
    await client.exec(`
      INSERT INTO clinics (id, name, username, password_hash) VALUES (1, 'One', 'one', 'x'), (2, 'Two', 'two', 'x');
      INSERT INTO pet_types (id, title, image) VALUES (1, 'Dog', 'dog.png');
      INSERT INTO pet_breeds (id, pet_type_id, title) VALUES (1, 1, 'Mixed');`);
    const rows: [string, number, string, string, string | null, string][] = [
      // name, clinic, owner name, phone, e-mail, created
      ['a', 1, 'Ann Lee', '111 222', 'ann@example.org', '2026-01-01'],
      ['b', 1, 'Ann B. Lee', '999', ' ANN@example.org ', '2026-01-03'],
      ['c', 1, 'ANN LEE', '(111) 222', null, '2026-01-02'],
      ['d', 1, 'Zoë Král', '+420 333', null, '2026-01-04'],
      ['e', 1, 'zoe kral', '00420 333', '', '2026-01-05'],
      ['f', 1, 'Someone Else', '+420 333', 'else@example.org', '2026-01-06'],
      ['g', 2, 'Ann Lee', '111 222', 'ann@example.org', '2026-01-07'],
    ];
    for (const [key, clinic, name, phone, email, created] of rows) {
      const pet = await client.query<{ id: number }>(
        `INSERT INTO pet_profiles (public_id, name, pet_type_id, pet_breed_id) VALUES ($1, $2, 1, 1) RETURNING id`,
        [`MIG${key.toUpperCase()}0001`, `Pet ${key}`],
      );
      const patient = await client.query<{ id: number }>(
        `INSERT INTO clinic_patients (clinic_id, pet_profile_id, owner_name_for_vet, owner_phone_for_vet, owner_email_for_vet, created_at)
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
        [clinic, pet.rows[0].id, name, phone, email, created],
      );
      patients[key] = patient.rows[0].id;
    }
    await migrate(db, { migrationsFolder: MIGRATIONS });
  }, 120_000);

  afterAll(async () => {
    await client?.close();
    if (oldFolder) fs.rmSync(oldFolder, { recursive: true, force: true });
  });

  const ownerOf = async (key: string) =>
    (
      await client.query<Owner>(
        `SELECT o.* FROM clinic_owners o JOIN clinic_patients p ON p.clinic_owner_id = o.id WHERE p.id = $1`,
        [patients[key]],
      )
    ).rows[0];

  it('groups rows by e-mail or by phone digits and folded name, per clinic', async () => {
    const [a, b, c, d, e, f, g] = await Promise.all(['a', 'b', 'c', 'd', 'e', 'f', 'g'].map(ownerOf));
    expect(b.id).toBe(a.id);
    expect(c.id).toBe(a.id);
    expect(e.id).toBe(d.id);
    expect(f.id).not.toBe(d.id);
    expect(g.id).not.toBe(a.id);
    expect(g.clinic_id).toBe(2);
    const { rows } = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM clinic_owners');
    expect(rows[0].n).toBe(4);
    const unowned = await client.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM clinic_patients WHERE clinic_owner_id IS NULL',
    );
    expect(unowned.rows[0].n).toBe(0);
  });

  it("keeps the newest row's contact data, every other value in the notes, and consent on", async () => {
    const ann = await ownerOf('a');
    expect(ann).toMatchObject({ name: 'Ann B. Lee', phone: '999', email: ' ANN@example.org ', language: null });
    expect(ann.reminders_by_email).toBe(true);
    expect(ann.notes.split('\n').sort()).toEqual(['(111) 222', '111 222', 'ANN LEE', 'Ann Lee', 'ann@example.org']);
    const zoe = await ownerOf('d');
    expect(zoe).toMatchObject({ name: 'zoe kral', phone: '00420 333', email: '' });
    expect(zoe.notes.split('\n').sort()).toEqual(['+420 333', 'Zoë Král']);
    // every patient row shows its owner's fields, and is found by them
    const copies = await client.query<{ owner_name_for_vet: string; search_text: string }>(
      'SELECT owner_name_for_vet, search_text FROM clinic_patients WHERE id = ANY($1)',
      [[patients.a, patients.b, patients.c]],
    );
    for (const row of copies.rows) {
      expect(row.owner_name_for_vet).toBe('Ann B. Lee');
      expect(row.search_text).toContain('ann b. lee');
    }
  });

  it('leaves the owner ids free for new owners', async () => {
    const created = await client.query<{ id: number }>(
      `INSERT INTO clinic_owners (clinic_id, name, phone) VALUES (1, 'New', '1') RETURNING id`,
    );
    const { rows } = await client.query<{ n: number }>('SELECT max(id)::int AS n FROM clinic_owners WHERE name <> $1', [
      'New',
    ]);
    expect(created.rows[0].id).toBeGreaterThan(rows[0].n);
  });
});
