import type { Page } from '@playwright/test';

/**
 * A picture of the page for a person to look over (the UX reviews of issue 36), written to /tmp/ux-shots/<name>.png
 * only when PAWTAL_UX_SHOTS is set: it checks nothing, and each capture costs the run a repaint and an encode.
 */
export async function uxShot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  if (!process.env.PAWTAL_UX_SHOTS) return;
  await page.screenshot({ path: `/tmp/ux-shots/${name}.png`, ...options });
}
