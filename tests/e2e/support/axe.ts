import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * axe on the page once its transitions have ended: a dialog or snackbar still fading in has
 * colours between the page's and its own, which axe reads as low contrast (a timing-dependent
 * failure on a loaded machine). `include`: only that part of the page.
 */
export async function axeOf(page: Page, include?: string) {
  // transitions and other animations that end; a spinner or a skeleton's pulse runs for ever
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity),
    undefined,
    { timeout: 10_000 },
  );
  const builder = new AxeBuilder({ page });
  return (include ? builder.include(include) : builder).analyze();
}
