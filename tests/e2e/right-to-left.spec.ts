/**
 * Issue 23, point 4: Arabic done right, as a reader found it. Each defect is checked where it was
 * seen, by geometry and computed direction (where characters are laid out, which side a line
 * starts on, which way an arrow points), and a screenshot of each is attached to the report.
 * The causes and the fix: docs/decisions/0107-right-to-left.md, 0108-one-digit-style.md.
 */
import { clinicStorageState, openPortal } from '#tests/e2e/support/clinic-session';
import { expect, test, type Locator } from '#tests/e2e/support/test';

const ARABIC_INDIC_DIGITS = /[\u0660-\u0669\u06f0-\u06f9]/;

async function snapshot(locator: Locator, name: string): Promise<void> {
  await test.info().attach(`rtl-${name}`, { body: await locator.screenshot(), contentType: 'image/png' });
}

/** The left edge (x) of each character of an element's text as laid out, in text order. */
function characterXs(locator: Locator): Promise<{ char: string; x: number }[]> {
  return locator.evaluate((element) => {
    const out: { char: string; x: number }[] = [];
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (let i = 0; i < text.length; i++) {
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const rect = range.getBoundingClientRect();
        if (rect.width > 0) out.push({ char: text[i], x: rect.x });
      }
    }
    return out;
  });
}

/** x of the first laid-out occurrence of `char`. */
function xOf(chars: { char: string; x: number }[], char: string, last = false): number {
  const found = last ? chars.filter((c) => c.char === char).at(-1) : chars.find((c) => c.char === char);
  if (!found) throw new Error(`"${char}" is not in ${chars.map((c) => c.char).join('')}`);
  return found.x;
}

/** Which way an icon's arrow points: its path's leftmost point is the tip of "<", its rightmost the tip of ">". */
function arrowPointsOf(icon: Locator): Promise<'left' | 'right'> {
  return icon.evaluate((svg) => {
    const path = svg.querySelector('path') as SVGPathElement;
    const length = path.getTotalLength();
    const points = Array.from({ length: 60 }, (_, i) => path.getPointAtLength((length * i) / 59));
    const minX = Math.min(...points.map((p) => p.x));
    const maxX = Math.max(...points.map((p) => p.x));
    // a chevron's tip is one point at the middle height; its two arms end at the other side, above and below
    const atMin = points.filter((p) => p.x - minX < 0.6);
    const atMax = points.filter((p) => maxX - p.x < 0.6);
    const spread = (ps: DOMPoint[]) => Math.max(...ps.map((p) => p.y)) - Math.min(...ps.map((p) => p.y));
    return spread(atMin) < spread(atMax) ? 'left' : 'right';
  });
}

/** The right edge of the laid-out text of an element (not of its box). */
function textRight(locator: Locator): Promise<number> {
  return locator.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    const rects = [...range.getClientRects()].filter((r) => r.width > 0);
    return Math.max(...rects.map((r) => r.right));
  });
}

test.describe('Arabic, right to left', () => {
  // the portal's tests open it signed in (none tests the login); the public pages' test does not read the session
  test.use({ viewport: { width: 1280, height: 900 }, storageState: clinicStorageState() });

  test('the portal grid: phone numbers in order, footer and arrows, column menu named in Arabic', async ({ page }) => {
    await openPortal(page, '?tab=pets&lang=ar');
    const grid = page.locator('.MuiDataGrid-root');
    await expect(grid.locator('.MuiDataGrid-cell[data-field="OwnerPhoneForVet"]').first()).toBeVisible();

    // "+34 96 055 44 79" is laid out left to right: "+" at the far left, the last digit at the far right
    const phoneCell = grid.locator('.MuiDataGrid-cell[data-field="OwnerPhoneForVet"]').first();
    const phone =
      (await phoneCell.getAttribute('title')) ??
      (await phoneCell.locator('[data-full-value]').getAttribute('data-full-value'));
    expect(phone).toMatch(/^\+\d/);
    const chars = await characterXs(phoneCell);
    expect(xOf(chars, '+')).toBeLessThan(xOf(chars, phone!.at(-1)!, true));
    expect(chars.map((c) => c.x)).toEqual([...chars.map((c) => c.x)].sort((a, b) => a - b));
    // the cell itself keeps the page's side: its text ends at the cell's right (start) edge
    const cellBox = (await phoneCell.boundingBox())!;
    expect(cellBox.x + cellBox.width - (await textRight(phoneCell.locator('[data-full-value]')))).toBeLessThan(24);
    await snapshot(phoneCell, 'grid-phone');

    // the footer in the app's one digit style
    const footer = grid.locator('.MuiTablePagination-displayedRows');
    await expect(footer).toHaveText(/^1–4 من \d+$/);
    expect(await footer.textContent()).not.toMatch(ARABIC_INDIC_DIGITS);

    // page arrows point the right-to-left way: "next" is on the left and points left
    const next = grid.getByRole('button', { name: 'الانتقال إلى الصفحة التالية' });
    const previous = grid.getByRole('button', { name: 'الانتقال إلى الصفحة السابقة' });
    expect((await next.boundingBox())!.x).toBeLessThan((await previous.boundingBox())!.x);
    expect(await arrowPointsOf(next.locator('svg'))).toBe('left');
    expect(await arrowPointsOf(previous.locator('svg'))).toBe('right');
    await snapshot(grid.locator('.MuiDataGrid-footerContainer'), 'grid-footer');

    // the column menu is named in Arabic, not "… column menu"
    const header = grid.locator('.MuiDataGrid-columnHeader[data-field="petName"]');
    await header.hover();
    const menuButton = header.locator('.MuiDataGrid-menuIconButton');
    const menuName = await menuButton.getAttribute('aria-label');
    expect(menuName).toMatch(/[\u0600-\u06ff]/);
    expect(menuName).not.toMatch(/[A-Za-z]/);
    await menuButton.click();
    const menu = page.getByRole('menu');
    await expect(menu).toBeVisible();
    expect(await menu.innerText()).not.toMatch(/[A-Za-z]/);
    await snapshot(menu, 'grid-column-menu');
  });

  test('the portal cards and pet profile: a subtitle in order, phones left to right, tab arrows mirrored', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 420, height: 900 });
    await openPortal(page, '?tab=visits&lang=ar');
    const card = page.getByRole('tabpanel').locator('article').first();
    await expect(card).toBeVisible();

    // "type · breed · age": each part stays whole, the type on the right, the breed to its left (no split around a
    // Latin title)
    const parts = card.locator('h3 + p bdi');
    await expect(parts.first()).toBeVisible();
    const [type, breed] = [parts.nth(0), parts.nth(1)];
    expect(await type.textContent()).toMatch(/[\u0600-\u06ff]/);
    expect(await breed.textContent()).toMatch(/[\u0600-\u06ff]/);
    expect((await type.boundingBox())!.x).toBeGreaterThan((await breed.boundingBox())!.x);
    await snapshot(card, 'visit-card');

    // the owner's phone on the card reads left to right
    const cardPhone = card.locator('bdi[dir="ltr"]').first();
    const phoneText = (await cardPhone.textContent()) ?? '';
    expect(phoneText).toMatch(/^\+\d/);
    const phoneChars = await characterXs(cardPhone);
    expect(xOf(phoneChars, '+')).toBeLessThan(xOf(phoneChars, phoneText.at(-1)!, true));

    // the Pet Profile dialog: the weight "3.4 كغ" (number first, on the right), the phone in order, mirrored tab arrows
    await page.goto('/Dashboard?tab=pets&lang=ar');
    await page.getByRole('tabpanel').locator('article').first().getByRole('button').first().click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('tablist')).toBeVisible();
    const weight = dialog
      .locator('dd bdi')
      .filter({ hasText: /\d/ })
      .filter({ hasText: /كغ|رطل/ })
      .first();
    if ((await weight.count()) > 0) {
      const weightChars = await characterXs(weight);
      const digitX = Math.max(...weightChars.filter((c) => /\d/.test(c.char)).map((c) => c.x));
      const unitX = Math.max(...weightChars.filter((c) => /[\u0600-\u06ff]/.test(c.char)).map((c) => c.x));
      expect(digitX).toBeGreaterThan(unitX);
    }
    const dialogPhone = dialog.locator('dd bdi[dir="ltr"]').filter({ hasText: /^\+/ }).first();
    const dialogPhoneText = (await dialogPhone.textContent()) ?? '';
    const dialogChars = await characterXs(dialogPhone);
    expect(xOf(dialogChars, '+')).toBeLessThan(xOf(dialogChars, dialogPhoneText.at(-1)!, true));

    // the category tabs overflow at this width: the scroll button on the left points left, the one on the right points
    // right
    const buttons = dialog.locator('.MuiTabScrollButton-root');
    await expect(buttons).toHaveCount(2);
    const boxes = await Promise.all([0, 1].map(async (i) => ({ i, x: (await buttons.nth(i).boundingBox())!.x })));
    const [leftmost, rightmost] = boxes.sort((a, b) => a.x - b.x);
    expect(await arrowPointsOf(buttons.nth(leftmost.i).locator('svg'))).toBe('left');
    expect(await arrowPointsOf(buttons.nth(rightmost.i).locator('svg'))).toBe('right');
    await snapshot(dialog.getByRole('tablist').locator('..'), 'profile-tabs');
  });

  test('public pages: breed headings and provider cards on the start side, "200 USD" and a note in their own order', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1024, height: 900 });
    // /adopt: the breed heading starts at the right edge of its section, in Arabic
    await page.goto('/adopt?lang=ar');
    const heading = page.getByRole('main').locator('section h2').first();
    await expect(heading).toBeVisible();
    expect(await heading.textContent()).toMatch(/[\u0600-\u06ff]/);
    expect(await heading.evaluate((h) => getComputedStyle(h).direction)).toBe('rtl');
    const section = heading.locator('..');
    const sectionBox = (await section.boundingBox())!;
    expect(sectionBox.x + sectionBox.width - (await textRight(heading))).toBeLessThan(4);
    await snapshot(section, 'adopt-breed-heading');

    // a provider card: name, speciality and address all start at the same (right) edge
    await page.goto('/sitters?lang=ar');
    const providerCard = page.getByRole('main').getByRole('listitem').first();
    await expect(providerCard).toBeVisible();
    const lines = providerCard.locator('.MuiCardContent-root > *');
    const rights = await Promise.all((await lines.all()).map((line) => textRight(line)));
    expect(Math.max(...rights) - Math.min(...rights)).toBeLessThan(4);
    await snapshot(providerCard, 'provider-card');

    // the lost pet: "200 USD" stays "200 USD", the owner's note ends with its full stop on the right
    await page.goto('/Pets/Details?publicId=DEMO0002&isFrom=Lost&lang=ar');
    // the location prompt first: not now
    await page.getByRole('dialog').getByRole('button', { name: 'ليس الآن' }).click();
    await page.getByRole('button', { name: 'الحيوان الأليف مفقود' }).click();
    const panel = page.locator('section[aria-labelledby="lost-panel-heading"]');
    await expect(panel).toBeVisible();
    const reward = panel.locator('dd bdi').filter({ hasText: 'USD' }).first();
    const rewardChars = await characterXs(reward);
    expect(xOf(rewardChars, '2')).toBeLessThan(xOf(rewardChars, 'U'));
    const note = panel.locator('dd bdi').filter({ hasText: 'red collar' }).first();
    expect(await note.evaluate((n) => getComputedStyle(n).direction)).toBe('ltr');
    const noteChars = await characterXs(note);
    expect(xOf(noteChars, '.', true)).toBe(Math.max(...noteChars.map((c) => c.x)));
    await snapshot(panel, 'lost-panel');

    // the flyer: "200 USD" too, and the phone in order
    await page.goto('/Pets/Flyer?publicId=DEMO0002&lang=ar');
    const flyerReward = page.locator('dd bdi').filter({ hasText: 'USD' }).first();
    const flyerChars = await characterXs(flyerReward);
    expect(xOf(flyerChars, '2')).toBeLessThan(xOf(flyerChars, 'U'));
    await snapshot(page.locator('main'), 'flyer');
  });
});
