/**
 * Emotion's `serializeStyles`, remembered across the server renderer's pages (docs/decisions/0200). Every styled
 * element of a page (MUI's components, `sx`) runs its style functions against the theme and its props, writes the
 * result as CSS text and hashes it into its class name, on every render: a quarter of the render thread. The same
 * component with the same props and theme gives the same styles, so the result is kept by a key made of the call's
 * arguments: its style functions and objects by identity, the theme by identity, and every other prop by value, but
 * text content by whether it is empty (MUI's styles read `ownerState.children` or `label` only as true or false; a
 * pet's name or a link's address in the key would make each page's elements new). A value the key cannot describe
 * (a symbol, a cycle, a nesting deeper than DEPTH) falls back to serialising. The returned object is emotion's own
 * (not copied), which emotion only reads.
 *
 * Only in the server renderer's build: vite.config.ts sends its `@emotion/serialize` imports here. The browser keeps
 * emotion's own; the class names and styles are the same, so hydration matches.
 */
import { serializeStyles as serializeOnce, type SerializedStyles } from '@emotion/serialize';

type SerializeArgs = Parameters<typeof serializeOnce>;

/** Props whose text no style reads (only whether there is any): content, addresses, labels. */
const CONTENT_KEYS = new Set(['children', 'label', 'href', 'to', 'src', 'srcSet', 'alt', 'title', 'aria-label', 'id']);
/**
 * Props whose function a style may call or compare (`sx={(theme) => ...}`, the element's component); any other function
 * (an event handler, a ref, a render prop) is only there or not.
 */
const STYLING_FUNCTION_KEYS = new Set(['sx', 'component', 'as']);
const DEPTH = 6;
/** Results kept; the set starts again when full (a page has a few hundred styled elements). */
const MAX_KEPT = 20_000;

const identities = new WeakMap<object, number>();
let lastIdentity = 0;
function identity(value: object): number {
  let id = identities.get(value);
  if (id === undefined) {
    id = ++lastIdentity;
    identities.set(value, id);
  }
  return id;
}

/** The styles of a class the element was given (emotion passes them as strings, often long): by a number each. */
const texts = new Map<string, number>();
function textIdentity(text: string): number {
  let id = texts.get(text);
  if (id === undefined) {
    if (texts.size >= MAX_KEPT) texts.clear();
    id = ++lastIdentity;
    texts.set(text, id);
  }
  return id;
}

class NotDescribable extends Error {}

const isPlain = (value: object) => {
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === Array.prototype || proto === null;
};

/** A text for `value` that two values share only when every style reads them alike. */
function describe(value: unknown, key: string, depth: number): string {
  switch (typeof value) {
    case 'string':
      return CONTENT_KEYS.has(key) ? (value === '' ? 'e' : 't') : `s${value.length}:${value}`;
    case 'number':
      return `n${value}`;
    case 'boolean':
      return value ? 'T' : 'F';
    case 'undefined':
      return 'u';
    case 'function':
      return STYLING_FUNCTION_KEYS.has(key) ? `f${identity(value)}` : 'h';
    case 'object': {
      if (value === null) return 'N';
      if ('$$typeof' in value) return 'props' in value ? 'el' : `c${identity(value)}`;
      if (key === 'theme' || !isPlain(value)) return `i${identity(value)}`;
      if (depth >= DEPTH) throw new NotDescribable();
      if (Array.isArray(value)) {
        let out = `[${value.length}`;
        for (const item of value) out += `,${describe(item, key, depth + 1)}`;
        return `${out}]`;
      }
      let out = '{';
      for (const k in value)
        out += `${k.length}:${k}=${describe((value as Record<string, unknown>)[k], k, depth + 1)};`;
      return `${out}}`;
    }
    default:
      throw new NotDescribable();
  }
}

/** The call's key, or null when it cannot be described. */
function keyOf(args: SerializeArgs[0], mergedProps: object): string | null {
  try {
    let key = '';
    for (const arg of args)
      key +=
        typeof arg === 'function' || (typeof arg === 'object' && arg !== null)
          ? `a${identity(arg)},`
          : typeof arg === 'string'
            ? `x${textIdentity(arg)},`
            : `${describe(arg, '', DEPTH)},`;
    return `${key}|${describe(mergedProps, '', 0)}`;
  } catch (error) {
    if (error instanceof NotDescribable) return null;
    throw error;
  }
}

const kept = new Map<string, SerializedStyles>();

export function serializeStyles(...[args, registered, mergedProps]: SerializeArgs): SerializedStyles {
  // Only a styled element's call (its props with the theme); `css`, `Global` and `keyframes` serialise as before.
  if (typeof mergedProps !== 'object' || mergedProps === null || !('theme' in mergedProps))
    return serializeOnce(args, registered, mergedProps);
  const key = keyOf(args, mergedProps);
  if (key === null) return serializeOnce(args, registered, mergedProps);
  let serialized = kept.get(key);
  if (!serialized) {
    serialized = serializeOnce(args, registered, mergedProps);
    if (kept.size >= MAX_KEPT) kept.clear();
    kept.set(key, serialized);
  }
  return serialized;
}
