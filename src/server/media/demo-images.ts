import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { PROVIDER_KINDS, type ProviderKind } from '#shared/constants';
import { PET_IMAGES_PER_TYPE, petImage } from '#server/db/seed/demo-pets';
import { PROVIDER_IMAGES_PER_KIND } from '#server/db/seed/providers';
import { Random } from '#server/db/seed/random';
import { clinicalRecordImage, RECORD_IMAGE_COUNT, recordImage } from '#server/db/seed/records';
import { PET_TYPES, PET_TYPE_SLUGS, SKILLS, SKILL_SLUGS, type PetTypeSlug } from '#server/db/seed/reference';
import { SHELTER_IMAGE_COUNT } from '#server/db/seed/shelters';
import { sourceText } from '#server/templates';
import { animal, drawing, linearGradient, paw, place, skillGlyph, svg, type Fur } from '#server/media/demo-drawings';

/**
 * The demo images, drawn as SVG and rendered offline with sharp (no network). The seed stores
 * their relative paths; ensureDemoMedia writes any that are missing into the media directory.
 */
export interface DemoImage {
  /** relative to the media directory, e.g. "pets/dog-03.webp" */
  path: string;
  format: 'png' | 'webp';
  /** the drawing, as an SVG document */
  svg(): string;
}

/** The colours of the demo's animals (their furs), backgrounds and collars. */
const PALETTE = JSON.parse(sourceText(import.meta.url, 'demo-art/palette.json')) as {
  furs: Record<PetTypeSlug, Fur[]>;
  /** soft background pairs for the portraits and cards */
  backgrounds: [string, string][];
  collars: string[];
};
const { furs: FURS, backgrounds: BACKGROUNDS, collars: COLLARS } = PALETTE;

const TYPE_ICON_FUR: Record<PetTypeSlug, Fur> = {
  dog: FURS.dog[0],
  cat: FURS.cat[1],
  bird: FURS.bird[0],
  rabbit: { main: '#d9c6b0', dark: '#a38b70', light: '#f7efe6' },
  hamster: FURS.hamster[0],
};

const TEAL = '#00796b';
const AMBER = '#ffb300';

function bokeh(random: Random, width: number, height: number, count: number): string {
  let out = '';
  for (let i = 0; i < count; i++) {
    const [cx, cy, r] = [random.int(0, width), random.int(0, height), random.int(12, 60)];
    const opacity = (0.12 + random.next() * 0.2).toFixed(2);
    out += `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#ffffff" opacity="${opacity}"/>`;
  }
  return out;
}

function render(image: DemoImage, source: string): Promise<Buffer> {
  const pipeline = sharp(Buffer.from(source));
  return image.format === 'png'
    ? pipeline.png({ compressionLevel: 9 }).toBuffer()
    : pipeline.webp({ quality: 78, effort: 2 }).toBuffer();
}

function petPortrait(slug: PetTypeSlug, n: number): string {
  const random = new Random(n * 7919 + slug.length * 104729 + slug.charCodeAt(0));
  const [from, to] = BACKGROUNDS[(n - 1 + PET_TYPE_SLUGS.indexOf(slug) * 3) % BACKGROUNDS.length];
  const fur = FURS[slug][(n - 1) % FURS[slug].length];
  const collar = slug === 'dog' || slug === 'cat' ? (random.chance(0.7) ? random.pick(COLLARS) : null) : null;
  const size = random.int(380, 440);
  const x = (600 - size) / 2 + random.int(-20, 20);
  const y = 600 - size - random.int(40, 70);
  const body = [
    '<rect width="600" height="600" fill="url(#bg)"/>',
    bokeh(random, 600, 600, 7),
    place(paw('#ffffff'), random.int(20, 120), random.int(20, 100), 70, random.int(-30, 30)).replace(
      '<g fill="#ffffff">',
      '<g fill="#ffffff" opacity="0.35">',
    ),
    `<ellipse cx="300" cy="${y + size * 0.93}" rx="${size * 0.34}" ry="18" fill="#000" opacity="0.08"/>`,
    place(animal(slug, fur, collar), x, y, size),
  ].join('');
  return svg(600, 600, body, linearGradient('bg', from, to));
}

function providerCard(kind: ProviderKind, n: number): string {
  const random = new Random(n * 31 + PROVIDER_KINDS.indexOf(kind) * 977 + 11);
  const [from, to] = BACKGROUNDS[(PROVIDER_KINDS.indexOf(kind) * 2 + n) % BACKGROUNDS.length];
  const pet: PetTypeSlug = n % 2 === 0 ? 'cat' : 'dog';
  const fur = FURS[pet][(n + PROVIDER_KINDS.indexOf(kind)) % FURS[pet].length];
  let paws = '';
  for (let i = 0; i < 5; i++)
    paws += place(paw(TEAL), 40 + i * 110 + random.int(-10, 10), 320 + (i % 2) * 30, 34, random.int(-20, 20));
  const body = [
    '<rect width="600" height="400" fill="url(#bg)"/>',
    bokeh(random, 600, 400, 6),
    `<g opacity="0.25">${paws}</g>`,
    `<circle cx="190" cy="180" r="118" fill="#ffffff" opacity="0.85"/>`,
    place(drawing(`emblem-${kind}`, { color: TEAL }), 110, 100, 160),
    place(animal(pet, fur, random.pick(COLLARS)), 320, 60 + random.int(0, 30), 230),
  ].join('');
  return svg(600, 400, body, linearGradient('bg', from, to));
}

function shelterCard(n: number): string {
  const random = new Random(n * 4099 + 5);
  const [from, to] = BACKGROUNDS[(n + 3) % BACKGROUNDS.length];
  const body = [
    '<rect width="600" height="400" fill="url(#bg)"/>',
    bokeh(random, 600, 400, 6),
    '<rect x="0" y="330" width="600" height="70" fill="#a5d6a7" opacity="0.7"/>',
    `<path d="M140 180 L300 60 L460 180 Z" fill="${TEAL}"/>`,
    '<rect x="170" y="175" width="260" height="165" fill="#fffaf0"/>',
    `<path d="M300 300 l-26 -26 a15 15 0 0 1 26 -19 a15 15 0 0 1 26 19 z" fill="${AMBER}"/>`,
    place(animal('dog', FURS.dog[n % FURS.dog.length], random.pick(COLLARS)), 60, 210, 170),
    place(animal('cat', FURS.cat[n % FURS.cat.length], null), 380, 215, 160),
  ].join('');
  return svg(600, 400, body, linearGradient('bg', from, to, true));
}

function recordPicture(n: number): string {
  const random = new Random(n * 613 + 3);
  const dark = n % 3 === 2;
  const from = dark ? '#1b2a33' : '#eceff1';
  const to = dark ? '#0d161b' : '#cfd8dc';
  let subject: string;
  if (dark) {
    // an x-ray-like print of a leg bone
    subject = drawing('record-xray');
  } else if (n % 3 === 1) {
    // a paw with a bandage
    subject = place(paw(FURS.dog[n % FURS.dog.length].main), 160, 60, 300) + drawing('record-bandage');
  } else {
    // a close-up of fur with a small lesion
    const fur = FURS.dog[(n + 1) % FURS.dog.length].main;
    subject = drawing('record-lesion', { fur, x: random.int(250, 350), y: random.int(190, 260) });
  }
  const ticks = Array.from(
    { length: 12 },
    (_, i) => `<line x1="${40 + i * 45}" y1="420" x2="${40 + i * 45}" y2="${i % 2 ? 432 : 440}"/>`,
  );
  const ruler = `<g stroke="${dark ? '#90a4ae' : '#546e7a'}" stroke-width="2">${ticks.join('')}</g>`;
  return svg(
    600,
    450,
    `<rect width="600" height="450" fill="url(#bg)"/>${subject}${ruler}`,
    linearGradient('bg', from, to),
  );
}

function skillIcon(slug: string, n: number): string {
  const [from, to] = BACKGROUNDS[n % BACKGROUNDS.length];
  return svg(
    128,
    128,
    `<rect x="4" y="4" width="120" height="120" rx="28" fill="url(#bg)"/>${place(skillGlyph(slug, TEAL), 24, 24, 80)}`,
    linearGradient('bg', from, to),
  );
}

/** Every demo image the seed refers to, with how to draw it. */
export function demoImages(): DemoImage[] {
  const images: DemoImage[] = [];
  for (const type of PET_TYPES) {
    const slug = type.image.replace(/^pet-types\/|\.png$/g, '') as PetTypeSlug;
    images.push({
      path: type.image,
      format: 'png',
      svg: () => svg(96, 96, place(animal(slug, TYPE_ICON_FUR[slug]), 4, 4, 88)),
    });
  }
  for (const slug of PET_TYPE_SLUGS) {
    for (let n = 1; n <= PET_IMAGES_PER_TYPE; n++)
      images.push({ path: petImage(slug, n), format: 'webp', svg: () => petPortrait(slug, n) });
  }
  for (const kind of PROVIDER_KINDS) {
    for (let n = 1; n <= PROVIDER_IMAGES_PER_KIND; n++)
      images.push({ path: `providers/${kind}-${n}.webp`, format: 'webp', svg: () => providerCard(kind, n) });
  }
  for (let n = 1; n <= SHELTER_IMAGE_COUNT; n++)
    images.push({ path: `shelters/shelter-${n}.webp`, format: 'webp', svg: () => shelterCard(n) });
  SKILL_SLUGS.forEach((slug, i) => {
    const skill = SKILLS[i];
    images.push({ path: skill.image, format: 'png', svg: () => skillIcon(slug, i) });
  });
  for (let n = 1; n <= RECORD_IMAGE_COUNT; n++) {
    images.push({ path: recordImage(n), format: 'webp', svg: () => recordPicture(n) });
    images.push({ path: clinicalRecordImage(n), format: 'webp', svg: () => recordPicture(n) });
  }
  return images;
}

/**
 * Rendered images are cached by content (the drawing and the format) in the system's temporary
 * folder, so a fresh media directory (every test server has one) is filled by copying, not drawing.
 */
const CACHE_DIR = path.join(os.tmpdir(), 'pawtal-demo-media-cache');

async function exists(file: string): Promise<boolean> {
  try {
    await fs.access(file);
    return true;
  } catch {
    return false;
  }
}

/** Writes under a temporary name and renames: a reader (or a second writer) never sees half a file. */
async function writeAtomically(file: string, data: Buffer): Promise<void> {
  await fs.mkdir(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.${crypto.randomBytes(6).toString('hex')}.tmp`;
  await fs.writeFile(temp, data);
  await fs.rename(temp, file);
}

async function renderCached(image: DemoImage): Promise<Buffer> {
  const source = image.svg();
  const key = crypto
    .createHash('sha256')
    .update(`${image.format}\n${sharp.versions.sharp ?? ''}\n${source}`)
    .digest('hex')
    .slice(0, 32);
  const cached = path.join(CACHE_DIR, `${key}.${image.format}`);
  try {
    return await fs.readFile(cached);
  } catch {
    const data = await render(image, source);
    await writeAtomically(cached, data).catch(() => {});
    return data;
  }
}

async function writeIfMissing(mediaDir: string, image: DemoImage): Promise<boolean> {
  const file = path.join(mediaDir, image.path);
  if (await exists(file)) return false;
  await writeAtomically(file, await renderCached(image));
  return true;
}

/**
 * (Re)creates the demo image files that are missing in `mediaDir`; existing files are kept.
 * Idempotent and safe to call on every start. Answers how many files it wrote.
 */
export async function ensureDemoMedia(mediaDir: string, concurrency = 2): Promise<number> {
  const queue = demoImages();
  let written = 0;
  const worker = async () => {
    for (let image = queue.shift(); image; image = queue.shift()) {
      if (await writeIfMissing(mediaDir, image)) written++;
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
  return written;
}
