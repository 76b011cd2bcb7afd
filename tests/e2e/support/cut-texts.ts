import type { Locator } from '@playwright/test';

/**
 * The texts among `elements` that are cut (wider than their box), measured once the page's fonts have loaded: in the
 * fallback font a label can be wider than in the page's own (a Devanagari label was measured cut before its font
 * arrived, then whole).
 */
export async function cutTexts(elements: Locator): Promise<string[]> {
  await elements.page().evaluate(() => document.fonts.ready.then(() => undefined));
  return elements.evaluateAll((els) =>
    els.filter((e) => e.scrollWidth > e.clientWidth + 1).map((e) => e.textContent ?? ''),
  );
}
