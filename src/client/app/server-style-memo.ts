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

/**
 * The kept results, found by walking a tree of maps one step per part of the call (docs/decisions/0206): a part is a
 * prop's name, a value as it is (a string, number, boolean, undefined or null: maps tell their types apart), an
 * identity's number, or one of the marks below (objects, so no value is mistaken for one). Each step looks up a short
 * value whose hash the engine keeps, where one text key of every part (about 500 characters) was built and hashed
 * anew on every call.
 */
type Step = Map<unknown, Step> & { result?: SerializedStyles };
const mark = () => Object.freeze({});
/** text no style reads as text (CONTENT_KEYS): empty or not */
const EMPTY = mark();
const TEXT = mark();
/** a function nothing calls (a handler, a ref): there or not */
const HANDLER = mark();
/** a React element (a prop's content) */
const ELEMENT = mark();
/** the next part is the number of an identity (identity(), textIdentity()) */
const IDENTITY = mark();
const TEXT_IDENTITY = mark();
const ARRAY = mark();
const OBJECT = mark();
const END = mark();
/** between the call's style arguments and its props */
const PROPS = mark();

/** Steps made; the tree starts again past this (a page's styled elements make a few thousand). */
const MAX_STEPS = 400_000;
let root: Step = new Map();
let steps = 0;
let results = 0;

/** Walks the tree from `at` along `value`'s parts, making the steps not yet there. */
function walk(at: Step, part: unknown): Step {
  let next = at.get(part);
  if (next === undefined) {
    next = new Map();
    at.set(part, next);
    steps++;
  }
  return next;
}

/** The step after `value`'s parts: two values end on the same step only when every style reads them alike. */
function describe(at: Step, value: unknown, key: string, depth: number): Step {
  switch (typeof value) {
    case 'string':
      return walk(at, CONTENT_KEYS.has(key) ? (value === '' ? EMPTY : TEXT) : value);
    case 'number':
    case 'boolean':
    case 'undefined':
      return walk(at, value);
    case 'function':
      return STYLING_FUNCTION_KEYS.has(key) ? walk(walk(at, IDENTITY), identity(value)) : walk(at, HANDLER);
    case 'object': {
      if (value === null) return walk(at, null);
      if ('$$typeof' in value) return 'props' in value ? walk(at, ELEMENT) : walk(walk(at, IDENTITY), identity(value));
      if (key === 'theme' || !isPlain(value)) return walk(walk(at, IDENTITY), identity(value));
      if (depth >= DEPTH) throw new NotDescribable();
      let step: Step;
      if (Array.isArray(value)) {
        step = walk(at, ARRAY);
        for (const item of value) step = describe(step, item, key, depth + 1);
      } else {
        step = walk(at, OBJECT);
        for (const k in value) step = describe(walk(step, k), (value as Record<string, unknown>)[k], k, depth + 1);
      }
      return walk(step, END);
    }
    default:
      throw new NotDescribable();
  }
}

/** The call's step in the tree, or null when it cannot be described. */
function stepOf(args: SerializeArgs[0], mergedProps: object): Step | null {
  try {
    let step = root;
    for (const arg of args)
      step =
        typeof arg === 'function' || (typeof arg === 'object' && arg !== null)
          ? walk(walk(step, IDENTITY), identity(arg))
          : typeof arg === 'string'
            ? walk(walk(step, TEXT_IDENTITY), textIdentity(arg))
            : describe(step, arg, '', DEPTH);
    return describe(walk(step, PROPS), mergedProps, '', 0);
  } catch (error) {
    if (error instanceof NotDescribable) return null;
    throw error;
  }
}

export function serializeStyles(...[args, registered, mergedProps]: SerializeArgs): SerializedStyles {
  // Only a styled element's call (its props with the theme); `css`, `Global` and `keyframes` serialise as before.
  if (typeof mergedProps !== 'object' || mergedProps === null || !('theme' in mergedProps))
    return serializeOnce(args, registered, mergedProps);
  if (steps >= MAX_STEPS || results >= MAX_KEPT) {
    root = new Map();
    steps = 0;
    results = 0;
  }
  const step = stepOf(args, mergedProps);
  if (step === null) return serializeOnce(args, registered, mergedProps);
  let serialized = step.result;
  if (!serialized) {
    serialized = serializeOnce(args, registered, mergedProps);
    step.result = serialized;
    results++;
  }
  return serialized;
}
