import type { RuntimeConfig } from '#shared/contract/runtime-config';

const fallback: RuntimeConfig = {
  appName: 'Pawtal',
  publicUrl: typeof window === 'undefined' ? 'http://localhost:3000' : window.location.origin,
  mapTileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  mapTileAttribution: '© OpenStreetMap contributors',
  supportPhone: '+1 555 0100 200',
  supportEmail: 'support@pawtal.example',
  shopUrl: 'https://shop.pawtal.example',
  appStoreUrl: 'https://apps.apple.com/app/pawtal',
  playStoreUrl: 'https://play.google.com/store/apps/details?id=app.pawtal',
  idleLockMinutes: 10,
};

let cached: RuntimeConfig | null = null;
let provided: (() => RuntimeConfig) | null = null;

/** The server renderer gives the configuration of the page it is rendering (there is no document to read it from). */
export function provideRuntimeConfig(config: () => RuntimeConfig): void {
  provided = config;
}

/** The server writes the configuration into index.html (script#app-config); the Vite dev server does not. */
export function runtimeConfig(): RuntimeConfig {
  if (provided) return provided();
  if (cached) return cached;
  const el = typeof document === 'undefined' ? null : document.getElementById('app-config');
  try {
    cached = el?.textContent ? { ...fallback, ...(JSON.parse(el.textContent) as Partial<RuntimeConfig>) } : fallback;
  } catch {
    cached = fallback;
  }
  return cached;
}
