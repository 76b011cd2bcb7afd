/**
 * Simple vector drawings for the demo images (rendered offline by sharp at seed time). The markup is in
 * demo-art/ beside this file, one drawing a file with {{placeholders}} for its colours. Every animal, emblem and
 * glyph is drawn in a 100 x 100 box; callers place it with a transform.
 */
import { fillTemplate, sourceText } from '#server/templates';

export type AnimalKind = 'dog' | 'cat' | 'bird' | 'rabbit' | 'hamster';

export interface Fur {
  main: string;
  dark: string;
  light: string;
}

/** The drawing demo-art/<name>.svg with its placeholders filled. */
export function drawing(name: string, values: Record<string, string | number> = {}): string {
  return fillTemplate(sourceText(import.meta.url, `demo-art/${name}.svg`).trim(), values);
}

/** The animal's head (or whole bird) in a 100 x 100 box; dogs and cats may wear a collar. */
export function animal(kind: AnimalKind, fur: Fur, collar: string | null = null): string {
  const withCollar = collar !== null && (kind === 'dog' || kind === 'cat');
  return drawing(kind, { ...fur }) + (withCollar ? drawing(`${kind}-collar`, { color: collar }) : '');
}

/** A paw print in a 100 x 100 box. */
export function paw(color: string): string {
  return drawing('paw', { color });
}

/** Places a 100 x 100 drawing at (x, y) with the given size. */
export function place(content: string, x: number, y: number, size: number, rotate = 0): string {
  const transform = `translate(${x} ${y}) rotate(${rotate} ${size / 2} ${size / 2}) scale(${size / 100})`;
  return `<g transform="${transform}">${content}</g>`;
}

/** An SVG document of that size. */
export function svg(width: number, height: number, body: string, defs = ''): string {
  return drawing('document', { width, height, body, defs });
}

/** A gradient from the top left corner to the bottom right one (or, vertical, from top to bottom). */
export function linearGradient(id: string, from: string, to: string, vertical = false): string {
  return drawing('gradient', { id, from, to, x2: vertical ? 0 : 1, y2: 1 });
}

const SKILL_GLYPHS = new Set([
  'sit',
  'stay',
  'fetch',
  'roll-over',
  'heel',
  'come-when-called',
  'leash-walking',
  'high-five',
  'play-dead',
]);

/** The icon of a skill (a paw for those without one of their own), in a 100 x 100 box, drawn in one colour. */
export function skillGlyph(slug: string, color: string): string {
  return SKILL_GLYPHS.has(slug) ? drawing(`skill-${slug}`, { color, paw: paw(color) }) : paw(color);
}
