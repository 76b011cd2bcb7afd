import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const m = fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs;
    if (m > newest) newest = m;
  }
  return newest;
}

/**
 * The built client to scan: dist/client when it is newer than every source it is built from,
 * else a fresh `vite build` into a temporary folder (so a stale build never hides a leak).
 */
export function builtClientDir(): { dir: string; fresh: boolean; cleanup(): void } {
  const dist = path.resolve('dist/client');
  const index = path.join(dist, 'index.html');
  const sources = ['src/client', 'src/shared', 'locales', 'public']
    .map((d) => path.resolve(d))
    .filter((d) => fs.existsSync(d));
  const newestSource = Math.max(
    ...sources.map(newestMtime),
    fs.statSync('index.html').mtimeMs,
    fs.statSync('vite.config.ts').mtimeMs,
  );
  if (fs.existsSync(index) && fs.statSync(index).mtimeMs >= newestSource)
    return { dir: dist, fresh: false, cleanup: () => {} };
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'pawtal-client-scan-'));
  const r = spawnSync('npx', ['vite', 'build', '--outDir', out, '--emptyOutDir', '--logLevel', 'error'], {
    encoding: 'utf8',
    timeout: 240_000,
  });
  if (r.status !== 0) throw new Error(`vite build failed: ${r.stderr || r.stdout}`);
  return { dir: out, fresh: true, cleanup: () => fs.rmSync(out, { recursive: true, force: true }) };
}

/** Things that must never reach a browser: passwords, hashes, keys, database addresses. */
const SECRET_PATTERNS: { name: string; re: RegExp }[] = [
  { name: 'the demo password', re: /Pawtal!2026/ },
  { name: 'a scrypt password hash', re: /scrypt\$\d+\$\d+\$\d+\$[A-Za-z0-9_-]{8,}\$/ },
  { name: 'a PostgreSQL address with credentials', re: /postgres(?:ql)?:\/\/[^\s"'`/]+@/ },
  { name: 'a DATABASE_URL assignment', re: /DATABASE_URL\s*[=:]\s*["'`]?postgres/ },
  { name: 'a private key', re: /-----BEGIN (?:RSA |EC |OPENSSH |ENCRYPTED )?PRIVATE KEY-----/ },
  { name: 'an AWS access key id', re: /AKIA[0-9A-Z]{16}/ },
];

export function scanForSecrets(dir: string): string[] {
  const found: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !/\.(js|css|html|json|map|txt|svg|webmanifest)$/.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const text = fs.readFileSync(file, 'utf8');
    for (const { name, re } of SECRET_PATTERNS) if (re.test(text)) found.push(`${name} in ${path.relative(dir, file)}`);
  }
  return found;
}
