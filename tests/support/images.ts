import sharp from 'sharp';

/** A plain PNG of one colour, as a test uploads it (sharp makes it: a real image the server decodes). */
export function pngImage({ width = 64, height = 48, colour = '#2a9d8f' } = {}): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
}
