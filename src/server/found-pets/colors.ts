import { FOUND_COLORS, type FoundColor } from '#shared/found-pets';

/**
 * Colour names for matching (docs/decisions/0151): from what an owner typed for their pet ("Black and tan",
 * "Tricolour (black, tan and white)", "#C8913F"), and from a photo's dominant colour. Both land on the documented
 * names of FOUND_COLORS, the finder's choices.
 */

/** Words people use for coats, feathers and fur, and the names they mean. */
const WORDS: Record<string, FoundColor[]> = {
  black: ['black'],
  ebony: ['black'],
  jet: ['black'],
  white: ['white'],
  snow: ['white'],
  pied: ['white'],
  grey: ['grey'],
  gray: ['grey'],
  silver: ['grey'],
  charcoal: ['grey'],
  merle: ['grey'],
  brown: ['brown'],
  chocolate: ['brown'],
  liver: ['brown'],
  chestnut: ['brown'],
  sable: ['brown'],
  brindle: ['brown', 'black'],
  agouti: ['brown', 'grey'],
  tabby: ['brown', 'grey'],
  tan: ['tan'],
  fawn: ['tan'],
  beige: ['tan'],
  sandy: ['tan'],
  buff: ['tan'],
  golden: ['golden'],
  gold: ['golden'],
  cream: ['cream'],
  ivory: ['cream'],
  champagne: ['cream'],
  pearl: ['cream'],
  point: ['cream', 'brown'],
  red: ['red'],
  ginger: ['red'],
  orange: ['red'],
  rust: ['red'],
  copper: ['red'],
  yellow: ['yellow'],
  lutino: ['yellow'],
  green: ['green'],
  blue: ['blue'],
  sapphire: ['blue'],
  tricolour: ['black', 'tan', 'white'],
  tricolor: ['black', 'tan', 'white'],
  calico: ['white', 'red', 'black'],
  tortoiseshell: ['black', 'red'],
  tortie: ['black', 'red'],
};

/** A typical colour of each name (sRGB), for photos and hex values. */
const PALETTE: Record<FoundColor, [number, number, number]> = {
  black: [25, 22, 20],
  white: [240, 238, 232],
  grey: [135, 135, 135],
  brown: [105, 68, 40],
  tan: [196, 154, 108],
  golden: [212, 160, 70],
  cream: [236, 222, 190],
  red: [176, 76, 36],
  yellow: [232, 204, 48],
  green: [76, 150, 60],
  blue: [62, 102, 190],
};

/** The documented name nearest an sRGB colour (a weighted distance that follows the eye more than plain RGB). */
export function colorNameOf(r: number, g: number, b: number): FoundColor {
  let best: FoundColor = 'grey';
  let bestDistance = Infinity;
  for (const name of FOUND_COLORS) {
    const [pr, pg, pb] = PALETTE[name];
    const mean = (r + pr) / 2;
    const d = (2 + mean / 256) * (r - pr) ** 2 + 4 * (g - pg) ** 2 + (2 + (255 - mean) / 256) * (b - pb) ** 2;
    if (d < bestDistance) {
      bestDistance = d;
      best = name;
    }
  }
  return best;
}

/** The names an owner's colour text holds (its words and any #rgb or #rrggbb value), in the order they appear. */
export function colorNamesOfText(text: string | null | undefined): FoundColor[] {
  const found: FoundColor[] = [];
  const add = (names: readonly FoundColor[]) => names.forEach((n) => found.includes(n) || found.push(n));
  for (const token of (text ?? '').toLowerCase().match(/#[0-9a-f]{6}\b|#[0-9a-f]{3}\b|[a-z]+/g) ?? []) {
    if (token.startsWith('#')) {
      const hex = token.length === 4 ? [...token.slice(1)].map((c) => c + c).join('') : token.slice(1);
      add([colorNameOf(parseInt(hex.slice(0, 2), 16), parseInt(hex.slice(2, 4), 16), parseInt(hex.slice(4, 6), 16))]);
    } else if (WORDS[token]) add(WORDS[token]);
  }
  return found;
}

/**
 * How alike two names look, 0 to 1: the same name 1; names people mix up (golden and tan, cream and white…) 0.5.
 */
const RELATED: ReadonlyArray<readonly [FoundColor, FoundColor]> = [
  ['golden', 'tan'],
  ['golden', 'red'],
  ['golden', 'cream'],
  ['golden', 'yellow'],
  ['tan', 'brown'],
  ['tan', 'cream'],
  ['tan', 'red'],
  ['cream', 'white'],
  ['brown', 'red'],
  ['brown', 'black'],
  ['grey', 'white'],
  ['grey', 'black'],
  ['grey', 'blue'],
];

export function colorSimilarity(a: FoundColor, b: FoundColor): number {
  if (a === b) return 1;
  return RELATED.some(([x, y]) => (x === a && y === b) || (x === b && y === a)) ? 0.5 : 0;
}

/** Keeps the names of FOUND_COLORS (stored arrays are read back as plain strings). */
export function asFoundColors(values: readonly string[]): FoundColor[] {
  return values.filter((v): v is FoundColor => (FOUND_COLORS as readonly string[]).includes(v));
}
