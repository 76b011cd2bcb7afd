/**
 * A readable name for a pet's colour value: a hex value ("#C8913F") gets the name of the nearest
 * colour of a small palette, a name the palette knows ("Black") is translated, anything else
 * (e.g. "Tricolour (black, tan and white)") is shown as written. Names are keys of
 * locales/<lang>/common.json "colours".
 */
const COLOUR_PALETTE = {
  black: '#1b1b1b',
  white: '#f7f7f5',
  grey: '#8a8a8a',
  silver: '#c0c0c0',
  cream: '#ece0c8',
  beige: '#d8c3a0',
  golden: '#c8913f',
  tan: '#c19a6b',
  brown: '#7a4b2a',
  chocolate: '#4e2e1c',
  red: '#a83224',
  ginger: '#d0692a',
  orange: '#e8892f',
  yellow: '#e9c844',
  green: '#4c8a3f',
  blue: '#3f6fb0',
} as const;
export type ColourKey = keyof typeof COLOUR_PALETTE;

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;

function rgb(hex: string): [number, number, number] {
  const h = hex.length === 4 ? hex.replace(/^#(.)(.)(.)$/, '#$1$1$2$2$3$3') : hex;
  return [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16)) as [number, number, number];
}

/** The palette colour nearest to a hex value (a weighted RGB distance, close to how eyes judge it). */
export function nearestColour(hex: string): ColourKey {
  const [r, g, b] = rgb(hex);
  let best: ColourKey = 'black';
  let bestDistance = Infinity;
  for (const [key, value] of Object.entries(COLOUR_PALETTE) as [ColourKey, string][]) {
    const [pr, pg, pb] = rgb(value);
    const mean = (r + pr) / 2;
    const distance = (2 + mean / 256) * (r - pr) ** 2 + 4 * (g - pg) ** 2 + (2 + (255 - mean) / 256) * (b - pb) ** 2;
    if (distance < bestDistance) [best, bestDistance] = [key, distance];
  }
  return best;
}

export interface ColourReading {
  /** a palette key to translate, or null when the value is a name the palette does not know */
  key: ColourKey | null;
  /** what the swatch paints: the hex value, or the palette's colour for a known name; null for neither */
  paint: string | null;
}

/** How to show a colour value: which name, and what to paint beside it. */
export function readColour(value: string): ColourReading {
  const text = value.trim();
  if (HEX.test(text)) return { key: nearestColour(text), paint: text };
  const known = text.toLowerCase() as ColourKey;
  if (known in COLOUR_PALETTE) return { key: known, paint: COLOUR_PALETTE[known] };
  return { key: null, paint: null };
}
