#!/usr/bin/env node
// `npm start`: builds the client and its server renderer only when their sources changed since the
// last build (a build takes minutes on a small machine), and says what it is doing either way.
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * What the build reads: the client, the shared code, the strings, the static files and the build's own configuration.
 */
export const BUILD_INPUTS = [
  'src/client',
  'src/shared',
  'locales',
  'public',
  'index.html',
  'vite.config.ts',
  'tsconfig.json',
  'package.json',
  'package-lock.json',
];
/** The builds' outputs; the stamp records the fingerprint of the sources they were built from. */
export const BUILD_OUTPUTS = ['dist/client/index.html', 'dist/server/entry-server.js', 'dist/server/render-thread.js'];
export const STAMP_FILE = 'dist/.build-stamp.json';

function* files(root, entry) {
  const full = path.join(root, entry);
  if (!fs.existsSync(full)) return;
  if (fs.statSync(full).isDirectory()) {
    for (const child of fs.readdirSync(full).sort()) {
      // unit tests sit beside the code and are not part of the build
      if (!/\.test\.tsx?$/.test(child)) yield* files(root, path.join(entry, child));
    }
  } else yield entry;
}

/** A hash of every build input's path and content: equal fingerprints, equal builds. */
export function sourceFingerprint(root) {
  const hash = crypto.createHash('sha256');
  let count = 0;
  for (const input of BUILD_INPUTS) {
    for (const file of files(root, input)) {
      hash
        .update(file.split(path.sep).join('/'))
        .update('\0')
        .update(fs.readFileSync(path.join(root, file)))
        .update('\0');
      count++;
    }
  }
  return { fingerprint: hash.digest('hex'), files: count };
}

/** Why a build is needed, or null when the last build is of these very sources. */
export function buildReason(root, fingerprint) {
  const missing = BUILD_OUTPUTS.filter((f) => !fs.existsSync(path.join(root, f)));
  if (missing.length > 0) return `no build yet (${missing.join(', ')} missing)`;
  let stamp;
  try {
    stamp = JSON.parse(fs.readFileSync(path.join(root, STAMP_FILE), 'utf8'));
  } catch {
    return 'no record of the sources of the last build';
  }
  return stamp.fingerprint === fingerprint ? null : `the sources changed since the build of ${stamp.builtAt}`;
}

export function writeStamp(root, fingerprint) {
  fs.writeFileSync(
    path.join(root, STAMP_FILE),
    JSON.stringify({ fingerprint, builtAt: new Date().toISOString() }) + '\n',
  );
}

function main() {
  const root = process.cwd();
  const force = process.argv.includes('--force') || process.env.PAWTAL_FORCE_BUILD === 'true';
  const { fingerprint, files: count } = sourceFingerprint(root);
  const reason = force ? 'a build was asked for (--force)' : buildReason(root, fingerprint);
  if (!reason) {
    console.log(`client build is up to date (${count} source files unchanged): skipping the build`);
    return;
  }
  console.log(
    `building the client and its server renderer: ${reason}. (this can take minutes on a busy 2-core machine)…`,
  );
  const started = Date.now();
  const result = spawnSync('npm', ['run', 'build'], { stdio: 'inherit', cwd: root });
  if (result.status !== 0) {
    console.error('the client build failed (see above)');
    process.exit(result.status ?? 1);
  }
  writeStamp(root, fingerprint);
  console.log(`client built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) main();
