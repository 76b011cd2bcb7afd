/**
 * Playwright global setup: each clinic the specs use signs in through the login form once per run,
 * and its browser storage (the portal session lives in localStorage: src/client/api/portal-session.ts)
 * is saved for the specs that open the portal without testing the login (`test.use({ storageState:
 * clinicStorageState() })`, or `clinicStorageState('other')`). The specs of a clinic share one
 * session: they must not log out nor switch the acting person (the server keeps both per session);
 * the specs that do, sign in themselves.
 */
import fs from 'node:fs';
import { chromium, expect, type Browser, type FullConfig, type Page } from '@playwright/test';

/** The clinics' sign-ins, as prepare-data.ts seeds them: Demo Clinic signs in as Dr. Amelia Hart, Other Clinic as Dr. Kenji Sato. */
const CLINIC_USERNAMES = { demo: 'demo.clinic', other: 'other.clinic' } as const;
const PASSWORD = 'Pawtal!2026';

type Clinic = keyof typeof CLINIC_USERNAMES;

/** Where this run's signed-in storage state of `clinic` is kept (beside the run's data directory). */
export function clinicStorageState(clinic: Clinic = 'demo'): string {
  const dir = process.env.PAWTAL_E2E_DATA_DIR;
  if (!dir) throw new Error('PAWTAL_E2E_DATA_DIR is not set (see playwright.config.ts)');
  return `${dir}-${clinic}-clinic.json`;
}

/** Opens the dashboard (`query`: its tab, language, range…) in a spec that uses `clinicStorageState()`: signed in. */
export async function openPortal(page: Page, query = ''): Promise<void> {
  await page.goto(`/Dashboard${query}`);
  await expect(page.getByRole('tablist').first()).toBeVisible();
}

/** The portal session kept in `clinic`'s stored state (as the page keeps it), for calls made the way the portal makes them. */
export function storedPortalSession(clinic: Clinic = 'demo'): { token: string; users: { ID: number; Name: string }[] } {
  const state = JSON.parse(fs.readFileSync(clinicStorageState(clinic), 'utf8')) as {
    origins: { localStorage: { name: string; value: string }[] }[];
  };
  const kept = state.origins.flatMap((o) => o.localStorage).find((item) => item.name === 'pawtal.portal.session');
  if (!kept) throw new Error(`no portal session in ${clinicStorageState(clinic)}`);
  return JSON.parse(kept.value) as { token: string; users: { ID: number; Name: string }[] };
}

async function signIn(browser: Browser, baseURL: string | undefined, clinic: Clinic): Promise<void> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto('/Dashboard');
  await page.locator('input[autocomplete="username"]').fill(CLINIC_USERNAMES[clinic]);
  await page.locator('input[type="password"]').fill(PASSWORD);
  await page.locator('form button[type="submit"]').click();
  await expect(page.getByRole('tablist').first()).toBeVisible({ timeout: 30_000 });
  // only the session: the language the sign-in page chose is not the specs' (they start as a new visitor would)
  await context.clearCookies({ name: 'pawtal_lang' });
  await page.evaluate(() => localStorage.removeItem('pawtal.lang'));
  await context.storageState({ path: clinicStorageState(clinic) });
  await context.close();
}

export default async function signInClinics(config: FullConfig): Promise<void> {
  const { baseURL, launchOptions } = config.projects[0].use;
  const browser = await chromium.launch(launchOptions);
  try {
    await Promise.all((Object.keys(CLINIC_USERNAMES) as Clinic[]).map((clinic) => signIn(browser, baseURL, clinic)));
  } finally {
    await browser.close();
  }
}
