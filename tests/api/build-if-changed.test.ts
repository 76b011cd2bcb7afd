import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module script without type declarations
import { buildReason, sourceFingerprint, writeStamp } from '../../scripts/build-if-changed.mjs';

/** Issue 11, point 10: `npm start` skips the client build when its sources have not changed. */
describe('build-if-changed', () => {
  let root = '';
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  };
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('asks for a build without one, skips it for the same sources, and asks again after a change', () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'pawtal-build-'));
    write('src/client/app/main.tsx', 'export {};');
    write('locales/en/common.json', '{}');
    write('index.html', '<html></html>');
    const first = sourceFingerprint(root);
    expect(first.files).toBe(3);
    expect(buildReason(root, first.fingerprint)).toMatch(/no build yet/);

    write('dist/client/index.html', '<html></html>');
    write('dist/server/entry-server.js', '');
    // a build from before the render threads lacks their entry
    expect(buildReason(root, first.fingerprint)).toMatch(/no build yet/);
    write('dist/server/render-thread.js', '');
    expect(buildReason(root, first.fingerprint)).toMatch(/no record/);
    writeStamp(root, first.fingerprint);
    expect(buildReason(root, sourceFingerprint(root).fingerprint)).toBeNull();

    // a unit test beside the code is not a build input; a string is
    write('src/client/app/main.test.tsx', 'test');
    expect(buildReason(root, sourceFingerprint(root).fingerprint)).toBeNull();
    write('locales/en/common.json', '{"a":"b"}');
    expect(buildReason(root, sourceFingerprint(root).fingerprint)).toMatch(/sources changed/);
  });
});
