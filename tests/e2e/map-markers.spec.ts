/**
 * Issue 25, item 8: the maps' markers. Drawn by the built OpenLayers module itself (the chunk every
 * map page loads) into a box on a page, at places chosen here, then read back as pixels.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '#tests/e2e/support/test';

const manifest = JSON.parse(readFileSync('dist/client/.vite/manifest.json', 'utf8')) as Record<
  string,
  { file: string }
>;
const MODULE = `/${manifest['src/client/components/map/map-view-ol.ts'].file}`;
const RED = '#c62828';
const BLUE = '#0288d1';

interface Drawn {
  width: number;
  height: number;
  /** bounding box of the markers' red */
  red: { minX: number; minY: number; maxX: number; maxY: number };
  /** colours of the pixels within 6 px of the middle of the markers' red (a lone cluster's centre) */
  centre: { blue: number; white: number; red: number };
}

/** Draws a map with these markers (and visitor) into a width × height box, waits for it, reads it back. */
async function drawMap(
  page: Page,
  size: { width: number; height: number },
  markers: Array<[number, number]>,
  visitor: [number, number] | null,
  resizeTo?: { width: number; height: number },
): Promise<Drawn> {
  return page.evaluate(
    async ({ module, size, markers, visitor, resizeTo, RED, BLUE }) => {
      const box = document.createElement('div');
      box.style.cssText = `position:fixed;left:0;top:0;width:${size.width}px;height:${size.height}px;z-index:9999;background:#fff`;
      document.body.append(box);
      const { createOlMap } = (await import(module)) as {
        createOlMap: (target: HTMLElement, options: object) => () => void;
      };
      createOlMap(box, {
        latitude: markers[0][0],
        longitude: markers[0][1],
        zoom: 15,
        tileUrl: 'http://127.0.0.1:9/{z}/{x}/{y}.png',
        markerColor: RED,
        visitorColor: BLUE,
        markers: markers.map(([latitude, longitude], i) => ({ id: String(i), latitude, longitude, label: `m${i}` })),
        visitor: visitor ? { latitude: visitor[0], longitude: visitor[1] } : null,
      });
      if (resizeTo) {
        await new Promise((r) => setTimeout(r, 300));
        box.style.width = `${resizeTo.width}px`;
        box.style.height = `${resizeTo.height}px`;
      }
      // the map renders on animation frames; the pin icon loads from a data: URL
      await new Promise((r) => setTimeout(r, 800));
      const frame = box.getBoundingClientRect();
      const out = document.createElement('canvas');
      out.width = Math.round(frame.width);
      out.height = Math.round(frame.height);
      const ctx = out.getContext('2d') as CanvasRenderingContext2D;
      for (const c of box.querySelectorAll('canvas')) {
        const r = c.getBoundingClientRect();
        ctx.drawImage(c, r.left - frame.left, r.top - frame.top, r.width, r.height);
      }
      const { data, width, height } = ctx.getImageData(0, 0, out.width, out.height);
      const red = { minX: Infinity, minY: Infinity, maxX: -1, maxY: -1 };
      const pixel = (x: number, y: number) => {
        const i = (y * width + x) * 4;
        return [data[i], data[i + 1], data[i + 2], data[i + 3]];
      };
      const isRed = ([R, G, B, A]: number[]) => A >= 200 && R > 170 && G < 90 && B < 90;
      for (let y = 0; y < height; y++) {
        for (let x = 0; x < width; x++) {
          if (isRed(pixel(x, y)))
            Object.assign(red, {
              minX: Math.min(red.minX, x),
              maxX: Math.max(red.maxX, x),
              minY: Math.min(red.minY, y),
              maxY: Math.max(red.maxY, y),
            });
        }
      }
      const centre = { blue: 0, white: 0, red: 0 };
      const [cx, cy] = [Math.round((red.minX + red.maxX) / 2), Math.round((red.minY + red.maxY) / 2)];
      for (let y = cy - 6; y <= cy + 6; y++) {
        for (let x = cx - 6; x <= cx + 6; x++) {
          if (Math.hypot(x - cx, y - cy) > 6) continue;
          const [R, G, B] = pixel(x, y);
          if (B > 150 && R < 80) centre.blue++;
          else if (R > 230 && G > 230 && B > 230) centre.white++;
          else if (isRed(pixel(x, y))) centre.red++;
        }
      }
      return { width, height, red, centre };
    },
    { module: MODULE, size, markers, visitor, resizeTo, RED, BLUE },
  );
}

test.describe('Map markers', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/support');
  });

  test("the visitor's dot never covers a cluster's count", async ({ page }) => {
    // three places a few metres apart make one cluster "3"; the visitor stands at their middle
    const places: Array<[number, number]> = [
      [51.5074, -0.1279],
      [51.5076, -0.1277],
      [51.5075, -0.1275],
    ];
    const middle: [number, number] = [51.5075, -0.1277];
    const drawn = await drawMap(page, { width: 400, height: 300 }, places, middle);
    // the count's white digit on the red circle, no blue over it
    expect(drawn.centre.blue, JSON.stringify(drawn)).toBe(0);
    expect(drawn.centre.white).toBeGreaterThan(0);
    expect(drawn.centre.red).toBeGreaterThan(0);
  });

  for (const size of [
    { width: 358, height: 360 },
    { width: 1152, height: 360 },
  ]) {
    test(`markers keep clear of the map's edges when the view is fitted (${size.width} × ${size.height})`, async ({
      page,
    }) => {
      // far apart (no clusters), at the four corners of their extent, and the visitor between them
      const places: Array<[number, number]> = [
        [52.2, -1.6],
        [52.2, 1.2],
        [50.9, -1.6],
        [50.9, 1.2],
      ];
      for (const resizeTo of [undefined, { width: size.width - 60, height: size.height }]) {
        const drawn = await drawMap(page, size, places, [51.5, -0.1], resizeTo);
        const margin = Math.min(
          drawn.red.minX,
          drawn.red.minY,
          drawn.width - 1 - drawn.red.maxX,
          drawn.height - 1 - drawn.red.maxY,
        );
        expect(margin, JSON.stringify(drawn)).toBeGreaterThanOrEqual(12);
      }
    });
  }
});
