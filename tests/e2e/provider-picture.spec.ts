/** Issue 11, point 7: the provider detail picture is shown whole at every width, never cropped. */
import { expect, test } from '#tests/e2e/support/test';

for (const width of [360, 390, 768, 1280]) {
  test(`the provider picture is whole at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/pet-sitter/1');
    const image = page.getByRole('img', { name: /^Photo of / });
    await expect(image).toBeVisible();
    await expect.poll(() => image.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
    const shown = await image.evaluate((el: HTMLImageElement) => {
      const box = el.getBoundingClientRect();
      const fit = getComputedStyle(el).objectFit;
      // with "contain" (or a box of the picture's own shape) nothing is cut off
      const boxRatio = box.width / box.height;
      const pictureRatio = el.naturalWidth / el.naturalHeight;
      return { fit, cropped: fit !== 'contain' && Math.abs(boxRatio - pictureRatio) / pictureRatio > 0.02 };
    });
    expect(shown.cropped, JSON.stringify(shown)).toBe(false);
  });
}
