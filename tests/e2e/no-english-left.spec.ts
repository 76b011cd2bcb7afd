/**
 * Issues 11 and 23: in every language but English no visible English string remains, on any
 * route, public or in the portal. The English strings are the app's (locales/en), the server's
 * messages, the data titles of our reference data (locales/en/data.json: pet types, breeds,
 * wellness categories and record types, units, skills, vaccinations, specialities) and the legal
 * documents' headings; a string counts only where its translation differs from English (e.g. "Pawtal").
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page, type Request } from '#tests/e2e/support/test';
import { clinicStorageState } from '#tests/e2e/support/clinic-session';
import { LANGUAGES } from '#shared/languages';
import { PRIVACY_POLICY_HTML, TERMS_HTML } from '#server/db/seed/legal';

type Flat = Map<string, string>;
function flatten(value: unknown, prefix = '', out: Flat = new Map()): Flat {
  if (typeof value === 'string') out.set(prefix, value);
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  return out;
}
function strings(lang: string): Flat {
  const all: Flat = new Map();
  for (const file of fs.readdirSync(path.join('locales', lang))) {
    const ns = file.replace(/\.json$/, '');
    for (const [k, v] of flatten(JSON.parse(fs.readFileSync(path.join('locales', lang, file), 'utf8'))))
      all.set(`${ns}:${k}`, v);
  }
  return all;
}

interface Probe {
  text: string;
  test: (visible: string) => boolean;
}

/** The English strings that must not show in `lang`: those whose `lang` text differs. */
function englishProbes(lang: string): Probe[] {
  const en = strings('en');
  const other = strings(lang);
  // a word that is this language's own text elsewhere ("Type" in French) is not English left behind
  const ownTexts = new Set(other.values());
  const probes: Probe[] = [];
  for (const [key, text] of en) {
    const base = key.replace(/_(zero|one|two|few|many|other)$/, '');
    const translated = other.get(key) ?? other.get(`${base}_other`);
    if (translated === undefined || translated === text || ownTexts.has(text) || text.trim().length < 3) continue;
    if (/\{\{/.test(text)) {
      const literal = text.split(/\{\{[^}]+\}\}/);
      // a pattern of punctuation alone ("{{unit}} ({{name}})") matches any text with brackets: too little to tell
      // English by
      if (literal.join('').replace(/[^\p{L}]/gu, '').length < 3) continue;
      const parts = literal.map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
      const re = new RegExp(`^${parts.join('.+?')}$`);
      // a text that is this language's own ("E-mail de contact" in French) is not "E-mail {{name}}" left in English
      probes.push({ text, test: (v) => re.test(v) && !ownTexts.has(v) });
    } else probes.push({ text, test: (v) => v === text });
  }
  // the legal documents' headings
  for (const html of [PRIVACY_POLICY_HTML, TERMS_HTML]) {
    for (const [, heading] of html.matchAll(/<h[12]>([^<]+)<\/h[12]>/g))
      probes.push({ text: heading, test: (v) => v === heading });
  }
  return probes;
}

/**
 * The page's visible text but what people wrote: names, notes and descriptions show in UserText (an element with
 * `dir="auto"`, src/client/components/i18n/bidi.tsx), whatever language they were typed in. Another spec's pet named
 * "Photo check …" with its owner "Photo Owner", on the Pets tab in Spanish, matched "Photo {{n}}" (a whole run,
 * 2026-11-28).
 */
async function visibleTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const texts: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.replace(/\s+/g, ' ').trim();
      const parent = node.parentElement;
      if (!text || !parent || parent.closest('script, style, [aria-hidden="true"], [dir="auto"]')) continue;
      if (!parent.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
      texts.push(text);
    }
    return texts;
  });
}

const PUBLIC_ROUTES = [
  '/',
  '/adopt',
  '/lost',
  '/sitters',
  '/vets',
  '/AnimalHouse',
  '/Pets/Details?publicId=DEMO0001&isFrom=Home',
  '/Pets/Details?publicId=DEMO0002&isFrom=Lost',
  '/Pets/Details?publicId=NOPE9999',
  '/pet-sitter/1',
  '/support',
  '/PrivacyPolicy',
  '/TermsAndConditions',
  '/ResetPassword?token=not-a-real-token',
  '/VerifyEmail?token=not-a-real-token',
  '/AcceptPetInvite?token=not-a-real-token',
  '/nonexistent-route',
  '/Dashboard',
];

/** What a page shows while its data or code is on the way: the page spinner, a progress indicator, a skeleton. */
const LOADING = '[role="status"][aria-label], [role="progressbar"], .MuiSkeleton-root';
/** The requests a page's text waits for: the page, its code chunks, its calls (not pictures nor map tiles). */
const AWAITED = new Set(['document', 'script', 'fetch', 'xhr']);

/** Counts the page's awaited requests in flight, from now on. */
function trackRequests(page: Page): () => number {
  const inFlight = new Set<Request>();
  page.on('request', (r) => {
    if (AWAITED.has(r.resourceType())) inFlight.add(r);
  });
  const settle = (r: Request): void => void inFlight.delete(r);
  page.on('requestfinished', settle);
  page.on('requestfailed', settle);
  return () => inFlight.size;
}

/**
 * Waits until the page's calls (lists, details, token checks) have answered and shown: none in flight,
 * nothing loading, and React's render of the last answer painted (two animation frames). Instead of
 * `networkidle`, which waits for half a second of silence on every page.
 */
async function settled(page: Page, inFlight: () => number): Promise<void> {
  await expect
    .poll(async () => inFlight() === 0 && (await page.locator(LOADING).filter({ visible: true }).count()) === 0, {
      intervals: [20, 50, 100],
    })
    .toBe(true);
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
}

async function englishOn(page: Page, probes: Probe[], inFlight: () => number): Promise<string[]> {
  await settled(page, inFlight);
  const found = new Set<string>();
  for (const text of await visibleTexts(page)) for (const probe of probes) if (probe.test(text)) found.add(text);
  return [...found];
}

// each test reads only (the portal's share one session): they run side by side
test.describe.configure({ mode: 'parallel' });

const OTHER_LANGUAGES = LANGUAGES.map((l) => l.code).filter((code) => code !== 'en');

for (const lang of OTHER_LANGUAGES) {
  test(`no English string is left on any public route in ${lang}`, async ({ page }) => {
    test.setTimeout(120_000);
    const inFlight = trackRequests(page);
    const probes = englishProbes(lang);
    const problems: string[] = [];
    for (const route of PUBLIC_ROUTES) {
      // the text waits for the page's code and calls (settled), not for its pictures: no `load` event
      await page.goto(`${route}${route.includes('?') ? '&' : '?'}lang=${lang}`, { waitUntil: 'domcontentloaded' });
      for (const text of await englishOn(page, probes, inFlight)) problems.push(`${route}: "${text}"`);
    }
    expect(problems).toEqual([]);
  });
}

test.describe('signed in', () => {
  test.use({ storageState: clinicStorageState() });

  for (const lang of OTHER_LANGUAGES) {
    test(`no English string is left in the portal in ${lang}`, async ({ page }) => {
      test.setTimeout(120_000);
      const inFlight = trackRequests(page);
      const probes = englishProbes(lang);
      const problems: string[] = [];
      // each tab: the dashboard loads once, then its tabs are chosen as a user chooses them (the panel a tab shows is the
      // one its address opens)
      await page.goto(`/Dashboard?lang=${lang}`, { waitUntil: 'domcontentloaded' });
      for (const tab of ['visits', 'pets', 'notifications']) {
        if (tab !== 'visits') await page.locator(`#tab-${tab}`).click();
        await expect(page.locator(`#panel-${tab}[role="tabpanel"]`)).toBeVisible();
        for (const text of await englishOn(page, probes, inFlight)) problems.push(`/Dashboard?tab=${tab}: "${text}"`);
      }
      // the printouts (issue 22) of the clinic's latest visit and its pet
      const session = JSON.parse(
        (await page.evaluate(() => localStorage.getItem('pawtal.portal.session'))) ?? '{}',
      ) as { token: string };
      const latest = (await (
        await page.request.get('/api/VetPets/GetVetVisits?isFinished=2&offset=1&limit=1', {
          headers: { Authorization: `Bearer ${session.token}` },
        })
      ).json()) as {
        data: { visits: { ID: number; PetProfileID: number }[] };
      };
      const [visit] = latest.data.visits;
      for (const route of [
        `/Dashboard/Pets/${visit.PetProfileID}/Certificate`,
        `/Dashboard/Visits/${visit.ID}/Summary`,
      ]) {
        // the sheet in the same language as the interface (by default it is in the owner's: issue 32)
        await page.goto(`${route}?lang=${lang}&printLanguage=${lang}`, { waitUntil: 'domcontentloaded' });
        await expect(page.getByTestId('print-sheet')).toBeVisible();
        for (const text of await englishOn(page, probes, inFlight)) problems.push(`${route}: "${text}"`);
      }
      expect(problems).toEqual([]);
    });
  }
});
