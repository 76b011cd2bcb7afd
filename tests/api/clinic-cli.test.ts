import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '#server/db/client';
import { clinicUsers, clinics, outboxMessages, recordHistory } from '#server/db/schema';
import { checkStaffLink } from '#server/staff/staff-links';

/**
 * Issue 31, item 6: `npm run clinic -- create …` makes a clinic without a developer: on the embedded database, as
 * `npm run token` does (refused while a server holds it), on an empty one after preparing it as a start does.
 */
describe('npm run clinic (the command-line tool)', () => {
  const TSX = path.resolve('node_modules/.bin/tsx');
  const CLI = path.resolve('src/server/cli/clinic.ts');
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  function dataDir(from: 'template' | 'empty'): string {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pawtal-clinic-cli-'));
    dirs.push(dir);
    if (from === 'template') fs.cpSync(inject('pgliteTemplateDir'), dir, { recursive: true });
    return dir;
  }

  const run = (dir: string, args: string[], env: Record<string, string> = {}) =>
    spawnSync(TSX, [CLI, ...args], {
      encoding: 'utf8',
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        DATA_DIR: dir,
        PUBLIC_URL: 'http://pawtal.test',
        LOG_LEVEL: 'silent',
        ...env,
      },
      timeout: 120_000,
    });

  it('creates a clinic and its invited administrator, queues the invitation and prints its working link', async () => {
    const dir = dataDir('template');
    const done = run(dir, [
      'create',
      '--name',
      'Riverside Vets',
      '--email',
      'boss@riverside.example',
      '--phone',
      '+44 20 7946 0000',
      '--admin-name',
      'Dr. Ada Bloom',
    ]);
    expect(done.stderr).toBe('');
    expect(done.status).toBe(0);
    const link = /http:\/\/pawtal\.test\/AcceptStaffInvite\?token=([\w-]{43})\n$/.exec(done.stdout);
    expect(link, done.stdout).not.toBeNull();
    expect(done.stdout).not.toContain('boss@riverside.example');

    const database = await openDatabase({ databaseUrl: null, dataDir: dir });
    try {
      const { db } = database;
      const [clinic] = await db.select().from(clinics).where(eq(clinics.name, 'Riverside Vets'));
      expect(clinic.phone).toBe('+44 20 7946 0000');
      const [admin] = await db.select().from(clinicUsers).where(eq(clinicUsers.clinicId, clinic.id));
      expect(admin).toMatchObject({ name: 'Dr. Ada Bloom', role: 'admin', invitePending: true, username: null });
      expect(await checkStaffLink(db, link![1])).toEqual({
        kind: 'invite',
        name: 'Dr. Ada Bloom',
        clinicName: 'Riverside Vets',
      });
      const queued = await db
        .select()
        .from(outboxMessages)
        .where(eq(outboxMessages.recipient, 'boss@riverside.example'));
      expect(queued).toHaveLength(1);
      const history = await db.select().from(recordHistory).where(eq(recordHistory.clinicId, clinic.id));
      expect(history.map((h) => h.entity)).toEqual(['staff']);
    } finally {
      await database.close();
    }
  }, 180_000);

  it('prepares an empty database first (migrations; no demo data with SEED_DEMO_DATA=false)', async () => {
    const dir = dataDir('empty');
    const done = run(dir, ['create', '--name', 'First Light Clinic', '--email', 'admin@first.example'], {
      SEED_DEMO_DATA: 'false',
    });
    expect(done.stderr).toBe('');
    expect(done.status).toBe(0);
    const database = await openDatabase({ databaseUrl: null, dataDir: dir });
    try {
      const all = await database.db.select({ name: clinics.name }).from(clinics);
      expect(all).toEqual([{ name: 'First Light Clinic' }]);
    } finally {
      await database.close();
    }
  }, 180_000);

  it('refuses bad input with a clear line, and a database a running server holds', () => {
    const dir = dataDir('template');
    const missing = run(dir, ['create', '--name', 'No Address']);
    expect(missing.status).toBe(1);
    expect(missing.stderr).toMatch(/^Usage: npm run clinic/);
    const bad = run(dir, ['create', '--name', 'Bad Address', '--email', 'not an address']);
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain('--email must be one e-mail address');
    expect(run(dir, ['create', '--colour', 'red']).stderr).toContain('Unknown option --colour');
    fs.writeFileSync(path.join(dir, 'server.lock'), String(process.pid));
    const locked = run(dir, ['create', '--name', 'Locked', '--email', 'a@b.example']);
    expect(locked.status).toBe(1);
    expect(locked.stderr).toMatch(/open in a running Pawtal server.*Stop the server/s);
  }, 180_000);
});
