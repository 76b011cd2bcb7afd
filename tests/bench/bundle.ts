import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { readManifest, staticClosure } from '#server/pages/client-manifest';

export interface RouteBundle {
  route: string;
  url: string;
  budgetKiB: number;
  jsKiB: number;
  cssKiB: number;
  files: number;
  withinBudget: boolean;
}

export interface BundleReport {
  entry: string;
  routes: RouteBundle[];
  allWithinBudget: boolean;
}

const HOME_BUDGET = 150;
const PUBLIC_BUDGET = 300;
const DASHBOARD_BUDGET = 450;

/** The routes we report, with the page module each one lazy-loads (src/client/app/router.tsx). */
export const BUNDLE_ROUTES = [
  { route: 'home', url: '/', module: 'src/client/features/home/home-page.tsx', budgetKiB: HOME_BUDGET },
  {
    route: 'listing (sitters)',
    url: '/sitters',
    module: 'src/client/features/directory/sitters-page.tsx',
    budgetKiB: PUBLIC_BUDGET,
  },
  {
    route: 'listing (adoption)',
    url: '/adopt',
    module: 'src/client/features/directory/adoption-page.tsx',
    budgetKiB: PUBLIC_BUDGET,
  },
  {
    route: 'pet profile',
    url: '/Pets/Details?publicId=DEMO0002',
    module: 'src/client/features/pet-profile/pet-profile-page.tsx',
    budgetKiB: PUBLIC_BUDGET,
  },
  {
    route: 'provider detail (sitter)',
    url: '/pet-sitter/1',
    module: 'src/client/features/provider/sitter-page.tsx',
    budgetKiB: PUBLIC_BUDGET,
  },
  {
    route: 'dashboard',
    url: '/Dashboard',
    module: 'src/client/app/portal/dashboard-page.tsx',
    budgetKiB: DASHBOARD_BUDGET,
  },
] as const;

const gzCache = new Map<string, number>();
function gzipBytes(file: string): number {
  let n = gzCache.get(file);
  if (n === undefined) {
    n = zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
    gzCache.set(file, n);
  }
  return n;
}

const kib = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

/**
 * JS and CSS (gzipped) a route loads before its page can render: the entry (index.html's
 * script) and the route's lazy page chunk, each with their static imports. Chunks loaded later on
 * demand (maps, dialogs) are not counted: they are dynamic imports.
 */
export function measureBundles(clientDir = path.resolve('dist/client')): BundleReport {
  const manifest = readManifest(clientDir);
  const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
  if (!entryKey) throw new Error('manifest has no entry chunk');
  const routes = BUNDLE_ROUTES.map((r): RouteBundle => {
    if (!manifest[r.module])
      throw new Error(`manifest has no chunk for ${r.module}; is it still lazy-loaded by the router?`);
    const chunks = staticClosure(manifest, [entryKey, r.module]);
    const files = new Set<string>();
    for (const key of chunks) {
      files.add(manifest[key].file);
      for (const css of manifest[key].css ?? []) files.add(css);
    }
    let js = 0;
    let css = 0;
    for (const f of files) {
      const bytes = gzipBytes(path.join(clientDir, f));
      if (f.endsWith('.css')) css += bytes;
      else js += bytes;
    }
    const jsKiB = kib(js);
    return {
      route: r.route,
      url: r.url,
      budgetKiB: r.budgetKiB,
      jsKiB,
      cssKiB: kib(css),
      files: files.size,
      withinBudget: jsKiB <= r.budgetKiB,
    };
  });
  return { entry: manifest[entryKey].file, routes, allWithinBudget: routes.every((r) => r.withinBudget) };
}
