/**
 * Simple vector drawings for the demo images (rendered offline by sharp at seed time).
 * Every animal is drawn in a 100 x 100 box; callers place it with a transform.
 */

export type AnimalKind = 'dog' | 'cat' | 'bird' | 'rabbit' | 'hamster';

export interface Fur {
  main: string;
  dark: string;
  light: string;
}

const INK = '#2b2421';
const PINK = '#f4a6b4';

function eyes(y: number, dx: number, r = 3.6): string {
  return [50 - dx, 50 + dx]
    .map(
      (x) =>
        `<circle cx="${x}" cy="${y}" r="${r}" fill="${INK}"/><circle cx="${x + r * 0.35}" cy="${y - r * 0.35}" r="${r * 0.35}" fill="#fff"/>`,
    )
    .join('');
}

function dog(f: Fur, collar: string | null): string {
  return `
<ellipse cx="25" cy="44" rx="11" ry="24" transform="rotate(22 25 44)" fill="${f.dark}"/>
<ellipse cx="75" cy="44" rx="11" ry="24" transform="rotate(-22 75 44)" fill="${f.dark}"/>
<ellipse cx="50" cy="50" rx="27" ry="30" fill="${f.main}"/>
<ellipse cx="50" cy="68" rx="16" ry="12" fill="${f.light}"/>
${eyes(47, 11)}
<ellipse cx="50" cy="61" rx="6.5" ry="4.8" fill="${INK}"/>
<path d="M50 65 v4 M43 71 q7 5 14 0" stroke="${INK}" stroke-width="1.8" fill="none" stroke-linecap="round"/>
${collar ? `<path d="M30 79 q20 9 40 0" stroke="${collar}" stroke-width="5" fill="none" stroke-linecap="round"/><circle cx="50" cy="88" r="4" fill="#f2c94c" stroke="#c9a227" stroke-width="1"/>` : ''}`;
}

function cat(f: Fur, collar: string | null): string {
  return `
<polygon points="22,42 28,10 48,30" fill="${f.main}"/>
<polygon points="78,42 72,10 52,30" fill="${f.main}"/>
<polygon points="27,36 30,18 42,30" fill="${PINK}"/>
<polygon points="73,36 70,18 58,30" fill="${PINK}"/>
<ellipse cx="50" cy="54" rx="30" ry="26" fill="${f.main}"/>
<path d="M40 31 l3 8 M50 29 v9 M60 31 l-3 8" stroke="${f.dark}" stroke-width="2.4" stroke-linecap="round"/>
<ellipse cx="50" cy="66" rx="13" ry="9" fill="${f.light}"/>
<ellipse cx="39" cy="51" rx="4.5" ry="5.5" fill="#8bc34a"/><ellipse cx="61" cy="51" rx="4.5" ry="5.5" fill="#8bc34a"/>
<ellipse cx="39" cy="51" rx="1.4" ry="4.6" fill="${INK}"/><ellipse cx="61" cy="51" rx="1.4" ry="4.6" fill="${INK}"/>
<polygon points="46.5,60 53.5,60 50,64" fill="${PINK}"/>
<path d="M50 64 q-3 5 -7 3 M50 64 q3 5 7 3" stroke="${INK}" stroke-width="1.4" fill="none" stroke-linecap="round"/>
<path d="M37 63 L15 59 M37 66 L15 68 M63 63 L85 59 M63 66 L85 68" stroke="${INK}" stroke-width="1.1" stroke-linecap="round" opacity="0.7"/>
${collar ? `<path d="M30 77 q20 8 40 0" stroke="${collar}" stroke-width="4.5" fill="none" stroke-linecap="round"/><circle cx="50" cy="85" r="3.5" fill="#f2c94c"/>` : ''}`;
}

function bird(f: Fur): string {
  return `
<line x1="14" y1="86" x2="86" y2="86" stroke="#8d6e63" stroke-width="4" stroke-linecap="round"/>
<path d="M44 78 v8 M55 78 v8" stroke="#f0a04b" stroke-width="2.4" stroke-linecap="round"/>
<polygon points="30,60 8,78 32,74" fill="${f.dark}"/>
<ellipse cx="48" cy="60" rx="24" ry="20" fill="${f.main}"/>
<ellipse cx="52" cy="66" rx="14" ry="11" fill="${f.light}"/>
<ellipse cx="42" cy="60" rx="15" ry="9.5" transform="rotate(-24 42 60)" fill="${f.dark}"/>
<circle cx="62" cy="38" r="15" fill="${f.main}"/>
<polygon points="75,35 89,40 75,45" fill="#f0a04b"/>
<circle cx="66" cy="35" r="3.2" fill="${INK}"/><circle cx="67" cy="34" r="1" fill="#fff"/>
<circle cx="60" cy="44" r="3.5" fill="${PINK}" opacity="0.7"/>`;
}

function rabbit(f: Fur): string {
  return `
<ellipse cx="39" cy="24" rx="8" ry="21" transform="rotate(-8 39 24)" fill="${f.main}"/>
<ellipse cx="61" cy="24" rx="8" ry="21" transform="rotate(8 61 24)" fill="${f.main}"/>
<ellipse cx="39" cy="25" rx="4" ry="15" transform="rotate(-8 39 25)" fill="${PINK}"/>
<ellipse cx="61" cy="25" rx="4" ry="15" transform="rotate(8 61 25)" fill="${PINK}"/>
<ellipse cx="50" cy="60" rx="25" ry="23" fill="${f.main}"/>
<ellipse cx="50" cy="70" rx="12" ry="9" fill="${f.light}"/>
${eyes(56, 10, 3.4)}
<ellipse cx="50" cy="66" rx="3.2" ry="2.4" fill="${PINK}"/>
<path d="M50 68 v4 M50 72 q-4 3 -7 1 M50 72 q4 3 7 1" stroke="${INK}" stroke-width="1.3" fill="none" stroke-linecap="round"/>
<rect x="47.5" y="73" width="5" height="5" rx="1" fill="#fff" stroke="#ddd" stroke-width="0.6"/>
<circle cx="36" cy="66" r="3.6" fill="${PINK}" opacity="0.55"/><circle cx="64" cy="66" r="3.6" fill="${PINK}" opacity="0.55"/>`;
}

function hamster(f: Fur): string {
  return `
<circle cx="29" cy="33" r="9" fill="${f.main}"/><circle cx="71" cy="33" r="9" fill="${f.main}"/>
<circle cx="29" cy="33" r="5" fill="${PINK}"/><circle cx="71" cy="33" r="5" fill="${PINK}"/>
<ellipse cx="50" cy="58" rx="33" ry="29" fill="${f.main}"/>
<ellipse cx="50" cy="68" rx="22" ry="17" fill="${f.light}"/>
${eyes(50, 11, 3.6)}
<circle cx="50" cy="59" r="2.8" fill="${PINK}"/>
<path d="M50 61 q-3 4 -6 2 M50 61 q3 4 6 2" stroke="${INK}" stroke-width="1.3" fill="none" stroke-linecap="round"/>
<ellipse cx="33" cy="62" rx="6" ry="4.5" fill="${PINK}" opacity="0.5"/><ellipse cx="67" cy="62" rx="6" ry="4.5" fill="${PINK}" opacity="0.5"/>
<ellipse cx="42" cy="83" rx="5" ry="3.5" fill="${PINK}"/><ellipse cx="58" cy="83" rx="5" ry="3.5" fill="${PINK}"/>`;
}

/** The animal's head (or whole bird) in a 100 x 100 box. */
export function animal(kind: AnimalKind, fur: Fur, collar: string | null = null): string {
  switch (kind) {
    case 'dog':
      return dog(fur, collar);
    case 'cat':
      return cat(fur, collar);
    case 'bird':
      return bird(fur);
    case 'rabbit':
      return rabbit(fur);
    case 'hamster':
      return hamster(fur);
  }
}

/** A paw print in a 100 x 100 box. */
export function paw(fill: string): string {
  return `<g fill="${fill}"><ellipse cx="50" cy="64" rx="20" ry="17"/><ellipse cx="26" cy="40" rx="8" ry="10.5" transform="rotate(-20 26 40)"/><ellipse cx="42" cy="26" rx="8" ry="11"/><ellipse cx="58" cy="26" rx="8" ry="11"/><ellipse cx="74" cy="40" rx="8" ry="10.5" transform="rotate(20 74 40)"/></g>`;
}

/** Places a 100 x 100 drawing at (x, y) with the given size. */
export function place(content: string, x: number, y: number, size: number, rotate = 0): string {
  const s = size / 100;
  return `<g transform="translate(${x} ${y}) rotate(${rotate} ${size / 2} ${size / 2}) scale(${s})">${content}</g>`;
}

export function svg(width: number, height: number, body: string, defs = ''): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><defs>${defs}</defs>${body}</svg>`;
}

export function linearGradient(id: string, from: string, to: string, vertical = false): string {
  const end = vertical ? 'x2="0" y2="1"' : 'x2="1" y2="1"';
  return `<linearGradient id="${id}" x1="0" y1="0" ${end}><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>`;
}

/** Icons of the skills, in a 100 x 100 box, drawn in one colour. */
export function skillGlyph(slug: string, c: string): string {
  const stroke = `stroke="${c}" stroke-width="7" fill="none" stroke-linecap="round" stroke-linejoin="round"`;
  switch (slug) {
    case 'sit':
      return `<path d="M30 20 v40 h40 v22" ${stroke}/><path d="M30 60 h-8" ${stroke}/>`;
    case 'stay':
      return `<path d="M34 80 v-38 M44 80 v-52 M54 80 v-56 M64 80 v-46 M34 80 q15 12 30 0 M64 56 q8 -6 12 2" ${stroke}/>`;
    case 'fetch':
      return `<circle cx="50" cy="50" r="28" fill="#c6e03a" stroke="${c}" stroke-width="5"/><path d="M24 40 q26 12 52 0 M24 60 q26 -12 52 0" stroke="#fff" stroke-width="5" fill="none"/>`;
    case 'roll-over':
      return `<path d="M76 50 a26 26 0 1 1 -8 -19" ${stroke}/><polygon points="74,18 78,38 58,34" fill="${c}"/>`;
    case 'shake-paw':
      return paw(c);
    case 'heel':
      return `<path d="M22 78 h56" ${stroke}/><g transform="translate(18 14) scale(0.45)">${paw(c)}</g><g transform="translate(52 30) scale(0.45)">${paw(c)}</g>`;
    case 'come-when-called':
      return `<path d="M20 30 h60 a6 6 0 0 1 6 6 v26 a6 6 0 0 1 -6 6 h-34 l-14 12 v-12 h-12 a6 6 0 0 1 -6 -6 v-26 a6 6 0 0 1 6 -6 z" ${stroke}/><circle cx="38" cy="49" r="4" fill="${c}"/><circle cx="50" cy="49" r="4" fill="${c}"/><circle cx="62" cy="49" r="4" fill="${c}"/>`;
    case 'leash-walking':
      return `<path d="M20 24 q10 -10 20 0 q-10 10 -20 0 z M30 28 q10 30 40 40" ${stroke}/><circle cx="74" cy="70" r="9" ${stroke}/>`;
    case 'high-five':
      return `<g transform="translate(10 16) scale(0.8)">${paw(c)}</g><path d="M78 18 l4 10 l10 1 l-8 7 l3 10 l-9 -5 l-9 5 l3 -10 l-8 -7 l10 -1 z" fill="#f2c94c"/>`;
    case 'play-dead':
      return `<path d="M18 62 q32 -22 64 0" ${stroke}/><path d="M34 40 l8 8 M42 40 l-8 8 M58 40 l8 8 M66 40 l-8 8" ${stroke}/><path d="M70 20 h10 l-10 10 h10" stroke="${c}" stroke-width="4" fill="none"/>`;
    default:
      return paw(c);
  }
}
