// Temporary first-time-user tour (not committed): screenshots of this round's screens.
import { chromium } from '@playwright/test';
const B = 'http://127.0.0.1:4140';
const out = '/tmp/found/shots';
const [langs, widths] = [process.argv[2].split(','), process.argv[3].split(',').map(Number)];
const user = process.argv[4] ?? 'demo.clinic';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const notes = [];
for (const lang of langs) for (const w of widths) {
  const ctx = await browser.newContext({ viewport: { width: w, height: w < 500 ? 844 : 900 }, locale: lang, extraHTTPHeaders: { 'accept-language': lang } });
  const page = await ctx.newPage();
  page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') notes.push(`${lang}-${w} console ${m.type()}: ${m.text().slice(0, 200)}`); });
  page.on('pageerror', (e) => notes.push(`${lang}-${w} pageerror: ${e.message}`));
  const shot = async (name) => {
    await page.waitForTimeout(700);
    const over = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    if (over > 0) notes.push(`${lang}-${w} ${name}: horizontal overflow ${over}px`);
    await page.screenshot({ path: `${out}/${user}-${lang}-${w}-${name}.png`, fullPage: false });
  };
  await page.goto(B + '/Dashboard?tab=visits&lng=' + lang);
  await page.locator('input[autocomplete=username]').fill(user);
  await page.locator('input[autocomplete=current-password]').fill('Pawtal!2026');
  await page.locator('button[type=submit]').click();
  await page.waitForSelector('[role=tab]');
  for (const tab of ['visits', 'pets', 'owners', 'notifications', 'import', 'staff']) {
    await page.goto(B + '/Dashboard?tab=' + tab);
    await page.waitForTimeout(1500);
    await shot('tab-' + tab);
  }
  await ctx.close();
}
await browser.close();
console.log(notes.join('\n'));
