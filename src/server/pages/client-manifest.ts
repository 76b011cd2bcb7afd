import fs from 'node:fs';
import path from 'node:path';

/** One entry of Vite's .vite/manifest.json (the client build writes it: vite.config.ts sets build.manifest). */
interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export function readManifest(clientDir: string): Manifest {
  const file = path.join(clientDir, '.vite', 'manifest.json');
  if (!fs.existsSync(file))
    throw new Error(`${file} not found: run \`npm run build\` first (vite.config.ts sets build.manifest).`);
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest;
}

/** Every chunk key a chunk pulls in before it runs: itself and its static imports, transitively. */
export function staticClosure(manifest: Manifest, keys: string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...keys];
  while (stack.length) {
    const key = stack.pop() as string;
    if (seen.has(key)) continue;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`manifest has no chunk ${key}`);
    seen.add(key);
    for (const imp of chunk.imports ?? []) stack.push(imp);
  }
  return seen;
}

const manifests = new Map<string, Manifest | null>();

/**
 * The JavaScript files of the given modules (manifest keys) and their static imports, minus what
 * index.html's entry already loads: what a server-rendered page needs besides the entry to hydrate.
 */
export function moduleFiles(clientDir: string, modules: string[]): string[] {
  let manifest = manifests.get(clientDir);
  if (manifest === undefined) {
    manifest = fs.existsSync(path.join(clientDir, '.vite', 'manifest.json')) ? readManifest(clientDir) : null;
    manifests.set(clientDir, manifest);
  }
  if (!manifest) return [];
  const known = modules.filter((key) => manifest[key]);
  const entries = Object.keys(manifest).filter((key) => manifest[key].isEntry);
  const alreadyLoaded = staticClosure(manifest, entries);
  return [...staticClosure(manifest, known)]
    .filter((key) => !alreadyLoaded.has(key))
    .map((key) => `/${manifest[key].file}`);
}
