// @vitest-environment node
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { keptFill, markFilled, type FillMarker } from '#tests/bench/scale-keep';

/** SCALE_KEEP_DIR (tests/bench/scale-keep.ts): which directory holds a fill the scale bench may reuse. */
describe('a kept scale fill', () => {
  let dir: string;
  const marker: FillMarker = { version: 'v1', filledOn: '2026-11-28', fillSeconds: 2100, rows: { pet_profiles: 7 } };
  const cluster = () => {
    fs.mkdirSync(path.join(dir, 'data'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'data', 'PG_VERSION'), '17\n');
    fs.writeFileSync(path.join(dir, 'server.log'), '');
  };
  beforeEach(() => {
    dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'pawtal-keep-test-')), 'keep');
  });
  afterEach(() => fs.rmSync(path.dirname(dir), { recursive: true, force: true }));

  it('is reused when its marker names this version', () => {
    cluster();
    markFilled(dir, marker);
    expect(keptFill(dir, 'v1')).toEqual(marker);
    expect(fs.existsSync(path.join(dir, 'data', 'PG_VERSION'))).toBe(true);
  });

  it('is emptied for a new fill when the cluster has no marker (a fill stopped half-way)', () => {
    cluster();
    expect(keptFill(dir, 'v1')).toBeNull();
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('is emptied for a new fill when the marker names another version', () => {
    cluster();
    markFilled(dir, marker);
    expect(keptFill(dir, 'v2')).toBeNull();
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('is made when the directory does not exist', () => {
    expect(keptFill(dir, 'v1')).toBeNull();
    expect(fs.existsSync(dir)).toBe(true);
  });

  it('refuses a directory holding anything else, and leaves it as it was', () => {
    fs.mkdirSync(dir);
    fs.writeFileSync(path.join(dir, 'notes.txt'), 'mine');
    expect(() => keptFill(dir, 'v1')).toThrow(/notes\.txt/);
    expect(fs.readFileSync(path.join(dir, 'notes.txt'), 'utf8')).toBe('mine');
  });
});
