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

/** A build's manifest, what its entries load, and the files already worked out per list of modules. */
interface Build {
  manifest: Manifest;
  alreadyLoaded: Set<string>;
  files: Map<string, string[]>;
}
const builds = new Map<string, Build | null>();
/** Lists of modules remembered per build: a route's modules and its strings' (languages and namespaces) are few. */
const REMEMBERED_LISTS = 2_000;

function build(clientDir: string): Build | null {
  let known = builds.get(clientDir);
  if (known === undefined) {
    const manifest = fs.existsSync(path.join(clientDir, '.vite', 'manifest.json')) ? readManifest(clientDir) : null;
    const entries = manifest ? Object.keys(manifest).filter((key) => manifest[key].isEntry) : [];
    known = manifest ? { manifest, alreadyLoaded: staticClosure(manifest, entries), files: new Map() } : null;
    builds.set(clientDir, known);
  }
  return known;
}

/**
 * The JavaScript files of the given modules (manifest keys) and their static imports, minus what
 * index.html's entry already loads: what a server-rendered page needs besides the entry to hydrate.
 */
export function moduleFiles(clientDir: string, modules: string[]): string[] {
  const made = build(clientDir);
  if (!made) return [];
  const { manifest, alreadyLoaded, files } = made;
  const listKey = modules.join('\n');
  let list = files.get(listKey);
  if (!list) {
    const known = modules.filter((key) => manifest[key]);
    list = [...staticClosure(manifest, known)]
      .filter((key) => !alreadyLoaded.has(key))
      .map((key) => `/${manifest[key].file}`);
    if (files.size < REMEMBERED_LISTS) files.set(listKey, list);
  }
  return list;
}
