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
import { animal, linearGradient, paw, place, skillGlyph, svg, type Fur } from '#server/media/demo-drawings';

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

const FURS: Record<PetTypeSlug, Fur[]> = {
  dog: [
    { main: '#d9a35b', dark: '#a8702e', light: '#f5dfb8' },
    { main: '#8b5a2b', dark: '#5c3a1a', light: '#d9b38c' },
    { main: '#3b3533', dark: '#1f1b1a', light: '#8a7f7a' },
    { main: '#f1e4cf', dark: '#c9a77c', light: '#ffffff' },
    { main: '#b86b3c', dark: '#6e3b1e', light: '#f0d2b4' },
    { main: '#9a9a9a', dark: '#5f5f5f', light: '#e4e4e4' },
  ],
  cat: [
    { main: '#e59a4c', dark: '#b3672a', light: '#fbe3c6' },
    { main: '#6d6d73', dark: '#404046', light: '#c9c9cf' },
    { main: '#2f2a2a', dark: '#151212', light: '#6b6262' },
    { main: '#efe3cf', dark: '#7a5c46', light: '#ffffff' },
    { main: '#a78a6d', dark: '#6e563f', light: '#e6d6c4' },
  ],
  bird: [
    { main: '#7cc24f', dark: '#4d8a2b', light: '#e4f5a8' },
    { main: '#5ab0e8', dark: '#2f78b0', light: '#d6efff' },
    { main: '#f2d54b', dark: '#c9a227', light: '#fff6c4' },
    { main: '#9ea5ad', dark: '#666d75', light: '#e8ecef' },
    { main: '#f08a5d', dark: '#b8532b', light: '#ffe0cc' },
  ],
  rabbit: [
    { main: '#f4f1ec', dark: '#cfc6bb', light: '#ffffff' },
    { main: '#a98467', dark: '#77573e', light: '#e8d7c6' },
    { main: '#6e6a67', dark: '#45413f', light: '#c7c2be' },
    { main: '#d8b48a', dark: '#a9835a', light: '#f7e8d4' },
  ],
  hamster: [
    { main: '#e6a659', dark: '#b77a33', light: '#fff1dc' },
    { main: '#cdb9a3', dark: '#957f68', light: '#fbf6ef' },
    { main: '#9da3ab', dark: '#6b717a', light: '#eef0f3' },
    { main: '#f0d6a8', dark: '#c2a06b', light: '#ffffff' },
  ],
};

/** Soft background pairs for the portraits and cards. */
const BACKGROUNDS: [string, string][] = [
  ['#e0f2f1', '#b2dfdb'],
  ['#fff3e0', '#ffe0b2'],
  ['#e8eaf6', '#c5cae9'],
  ['#fce4ec', '#f8bbd0'],
  ['#f1f8e9', '#dcedc8'],
  ['#e3f2fd', '#bbdefb'],
  ['#fffde7', '#fff59d'],
  ['#ede7f6', '#d1c4e9'],
];

const COLLARS = ['#e53935', '#1e88e5', '#43a047', '#8e24aa', '#fb8c00', '#00897b'];

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
    out += `<circle cx="${random.int(0, width)}" cy="${random.int(0, height)}" r="${random.int(12, 60)}" fill="#ffffff" opacity="${(0.12 + random.next() * 0.2).toFixed(2)}"/>`;
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

function kindEmblem(kind: ProviderKind, c: string): string {
  switch (kind) {
    case 'sitter':
      return `<path d="M14 52 L50 20 L86 52 M24 44 V84 H76 V44" stroke="${c}" stroke-width="6" fill="none" stroke-linejoin="round"/><path d="M50 76 l-12 -12 a7 7 0 0 1 12 -9 a7 7 0 0 1 12 9 z" fill="${c}"/>`;
    case 'trainer':
      return `<circle cx="50" cy="50" r="30" fill="#c6e03a" stroke="${c}" stroke-width="5"/><path d="M22 40 q28 12 56 0 M22 60 q28 -12 56 0" stroke="#fff" stroke-width="5" fill="none"/>`;
    case 'walker':
      return `<path d="M14 26 q14 -12 26 0 q-12 12 -26 0 z M27 31 q8 40 50 48" stroke="${c}" stroke-width="6" fill="none" stroke-linecap="round"/><circle cx="80" cy="80" r="8" stroke="${c}" stroke-width="5" fill="none"/>`;
    case 'groomer':
      return `<circle cx="30" cy="72" r="11" stroke="${c}" stroke-width="6" fill="none"/><circle cx="56" cy="78" r="11" stroke="${c}" stroke-width="6" fill="none"/><path d="M37 63 L74 18 M50 68 L40 18" stroke="${c}" stroke-width="6" stroke-linecap="round"/><circle cx="80" cy="56" r="6" fill="#90caf9"/><circle cx="88" cy="40" r="4" fill="#90caf9"/>`;
    case 'vet':
      return `<rect x="38" y="14" width="24" height="72" rx="5" fill="${c}"/><rect x="14" y="38" width="72" height="24" rx="5" fill="${c}"/>`;
  }
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
    place(kindEmblem(kind, TEAL), 110, 100, 160),
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
    subject = `<g stroke="#e3f2fd" stroke-width="18" stroke-linecap="round" opacity="0.85" fill="none"><path d="M250 90 L330 330"/><path d="M330 330 L300 400"/></g><circle cx="250" cy="90" r="26" fill="#e3f2fd" opacity="0.8"/><circle cx="330" cy="330" r="22" fill="#e3f2fd" opacity="0.8"/>`;
  } else if (n % 3 === 1) {
    // a paw with a bandage
    subject = `${place(paw(FURS.dog[n % FURS.dog.length].main), 160, 60, 300)}<rect x="190" y="250" width="240" height="46" rx="12" fill="#ffffff" stroke="#b0bec5" stroke-width="3" transform="rotate(-12 310 273)"/>`;
  } else {
    // a close-up of fur with a small lesion
    subject = `<ellipse cx="300" cy="225" rx="230" ry="170" fill="${FURS.dog[(n + 1) % FURS.dog.length].main}"/><ellipse cx="${random.int(250, 350)}" cy="${random.int(190, 260)}" rx="34" ry="26" fill="#e57373" opacity="0.8"/>`;
  }
  const ruler = `<g stroke="${dark ? '#90a4ae' : '#546e7a'}" stroke-width="2">${Array.from({ length: 12 }, (_, i) => `<line x1="${40 + i * 45}" y1="420" x2="${40 + i * 45}" y2="${i % 2 ? 432 : 440}"/>`).join('')}</g>`;
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
