import { inArray } from 'drizzle-orm';
import sharp from 'sharp';
import type { FastifyInstance } from 'fastify';
import type { FoundColor } from '#shared/found-pets';
import type { Db } from '#server/db/client';
import { imageColors } from '#server/db/schema';
import { decodeInTurn } from '#server/media/decode-queue';
import { storedImageSource } from '#server/media/storage';
import { asFoundColors, colorNameOf } from '#server/found-pets/colors';

/**
 * A photo's dominant colour as a documented colour name (docs/decisions/0151): read by sharp from the photo's
 * middle (the pet is usually there; the edges are floor and grass), in the decode queue like every image. Null
 * when the image cannot be read.
 */
async function dominantColorOf(source: string | Buffer): Promise<FoundColor | null> {
  try {
    const { dominant } = await decodeInTurn(() =>
      sharp(source, { limitInputPixels: 50_000_000 })
        .rotate()
        .resize(100, 100, { fit: 'cover' })
        .extract({ left: 20, top: 20, width: 60, height: 60 })
        .stats(),
    );
    return colorNameOf(dominant.r, dominant.g, dominant.b);
  } catch {
    return null;
  }
}

/** The colour names of stored photos (each photo's dominant colour, once each). */
export async function photoColorsOf(app: FastifyInstance, paths: readonly string[]): Promise<FoundColor[]> {
  const names: FoundColor[] = [];
  for (const path of paths) {
    const source = await storedImageSource(app.config.mediaDir, app.mediaStorage, path).catch(() => null);
    const name = source ? await dominantColorOf(source) : null;
    if (name && !names.includes(name)) names.push(name);
  }
  return names;
}

/**
 * The colour names of pets' photos, read once per image and kept in image_colors (a lost pet's photo is read when
 * the lost-pet matcher first meets it, not while a finder waits).
 */
export async function rememberedPhotoColors(
  app: FastifyInstance,
  db: Pick<Db, 'select'>,
  paths: readonly string[],
  /** read and keep the colours not known yet: only outside a transaction (they are written through app.db) */
  readMissing: boolean,
): Promise<Map<string, FoundColor[]>> {
  const wanted = [...new Set(paths)];
  const known = new Map<string, FoundColor[]>();
  if (wanted.length === 0) return known;
  // through the caller's transaction when it has one: on PGlite, app.db waits for that transaction to end
  const rows = await db
    .select({ imagePath: imageColors.imagePath, colors: imageColors.colors })
    .from(imageColors)
    .where(inArray(imageColors.imagePath, wanted));
  for (const row of rows) known.set(row.imagePath, asFoundColors(row.colors));
  if (!readMissing) return known;
  for (const path of wanted.filter((p) => !known.has(p))) {
    const colors = await photoColorsOf(app, [path]);
    await app.db.insert(imageColors).values({ imagePath: path, colors }).onConflictDoNothing();
    known.set(path, colors);
  }
  return known;
}
