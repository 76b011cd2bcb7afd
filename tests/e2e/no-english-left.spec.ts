/**
 * Issues 11 and 23: in every language but English no visible English string remains, on any
 * route, public or in the portal. The English strings are the app's (locales/en), the server's
 * messages, the data titles of our reference data (locales/en/data.json: pet types, breeds,
 * wellness categories and record types, units, skills, vaccinations, specialities) and the legal
 * documents' headings; a string counts only where its translation differs from English (e.g. "Pawtal").
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '#tests/e2e/support/test';
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

async function visibleTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const texts: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.replace(/\s+/g, ' ').trim();
      const parent = node.parentElement;
      if (!text || !parent || parent.closest('script, style, [aria-hidden="true"]')) continue;
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

async function englishOn(page: Page, probes: Probe[]): Promise<string[]> {
  // let the page's calls answer (lists, details, token checks)
  await page.waitForLoadState('networkidle');
  const found = new Set<string>();
  for (const text of await visibleTexts(page)) for (const probe of probes) if (probe.test(text)) found.add(text);
  return [...found];
}

for (const lang of LANGUAGES.map((l) => l.code).filter((code) => code !== 'en')) {
  test(`no English string is left on any route in ${lang}`, async ({ page }) => {
    test.setTimeout(240_000);
    const probes = englishProbes(lang);
    const problems: string[] = [];
    for (const route of PUBLIC_ROUTES) {
      await page.goto(`${route}${route.includes('?') ? '&' : '?'}lang=${lang}`);
      for (const text of await englishOn(page, probes)) problems.push(`${route}: "${text}"`);
    }
    // the portal, logged in: each tab
    await page.goto(`/Dashboard?lang=${lang}`);
    await page.locator('input[autocomplete="username"]').fill('demo.clinic');
    await page.locator('input[type="password"]').fill('Pawtal!2026');
    await page.locator('button[type="submit"]').click();
    await expect(page.getByRole('tablist')).toBeVisible();
    for (const tab of ['visits', 'pets', 'notifications']) {
      await page.goto(`/Dashboard?tab=${tab}&lang=${lang}`);
      await expect(page.getByRole('tabpanel')).toBeVisible();
      for (const text of await englishOn(page, probes)) problems.push(`/Dashboard?tab=${tab}: "${text}"`);
    }
    // the printouts (issue 22) of the clinic's latest visit and its pet
    const session = JSON.parse((await page.evaluate(() => localStorage.getItem('pawtal.portal.session'))) ?? '{}') as {
      token: string;
    };
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
      await page.goto(`${route}?lang=${lang}&printLanguage=${lang}`);
      await expect(page.getByTestId('print-sheet')).toBeVisible();
      for (const text of await englishOn(page, probes)) problems.push(`${route}: "${text}"`);
    }
    expect(problems).toEqual([]);
  });
}
