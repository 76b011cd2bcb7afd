/**
 * Playwright global setup: the demo clinic signs in through the login form once per run, and its
 * browser storage (the portal session lives in localStorage: src/client/api/portal-session.ts) is
 * saved for the specs that open the portal without testing the login (`test.use({ storageState:
 * clinicStorageState() })`). Those specs share one session: they must not log out nor switch the acting
 * person (the server keeps both per session); the specs that do, sign in themselves.
 */
import { chromium, expect, type FullConfig, type Page } from '@playwright/test';

/** The demo clinic's sign-in, as prepare-data.ts seeds it. */
export const DEMO_CLINIC = { username: 'demo.clinic', password: 'Pawtal!2026' } as const;

/** Where this run's signed-in storage state is kept (beside the run's data directory). */
export function clinicStorageState(): string {
  const dir = process.env.PAWTAL_E2E_DATA_DIR;
  if (!dir) throw new Error('PAWTAL_E2E_DATA_DIR is not set (see playwright.config.ts)');
  return `${dir}-demo-clinic.json`;
}

/** Opens the dashboard (`query`: its tab, language, range…) in a spec that uses `clinicStorageState()`: signed in. */
export async function openPortal(page: Page, query = ''): Promise<void> {
  await page.goto(`/Dashboard${query}`);
  await expect(page.getByRole('tablist').first()).toBeVisible();
}

export default async function signInDemoClinic(config: FullConfig): Promise<void> {
  const { baseURL, launchOptions } = config.projects[0].use;
  const browser = await chromium.launch(launchOptions);
  try {
    const page = await browser.newPage({ baseURL });
    await page.goto('/Dashboard');
    await page.locator('input[autocomplete="username"]').fill(DEMO_CLINIC.username);
    await page.locator('input[type="password"]').fill(DEMO_CLINIC.password);
    await page.locator('form button[type="submit"]').click();
    await expect(page.getByRole('tablist').first()).toBeVisible({ timeout: 30_000 });
    // only the session: the language the sign-in page chose is not the specs' (they start as a new visitor would)
    await page.context().clearCookies({ name: 'pawtal_lang' });
    await page.evaluate(() => localStorage.removeItem('pawtal.lang'));
    await page.context().storageState({ path: clinicStorageState() });
  } finally {
    await browser.close();
  }
}
