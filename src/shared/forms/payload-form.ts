/**
 * A payload's one definition (issue 12): its yup schema checks the client's form, is the server's
 * check of the request (src/server/http/form-body.ts) and gives the API documentation its body;
 * `finish` is what is done with values that pass it (normalising, rules on what is kept).
 */
import * as yup from 'yup';

export interface PayloadForm<S extends yup.AnyObjectSchema, T> {
  schema: S;
  /** throws a yup.ValidationError whose message is a message key */
  finish(values: yup.InferType<S>): T;
}

export function payloadForm<S extends yup.AnyObjectSchema, T = yup.InferType<S>>(
  schema: S,
  finish: (values: yup.InferType<S>) => T = (values) => values as T,
): PayloadForm<S, T> {
  return { schema, finish };
}

/**
 * yup looks fields up by key in a plain object, so an input key that names an Object.prototype
 * member ("valueOf", "toString", "constructor", ...) makes it call that member as a schema and
 * throw a TypeError instead of a ValidationError. Parsed JSON can carry such keys: they are
 * dropped (at every depth) before validating. Pure: answers a copy.
 */
function withoutInheritedKeys(value: unknown, depth = 0): unknown {
  if (depth > 20 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => withoutInheritedKeys(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    if (key in Object.prototype) continue;
    out[key] = withoutInheritedKeys(v, depth + 1);
  }
  return out;
}

/**
 * The path ("notes", "weight.0.unitOfMeasureId") of the first object or array in `raw` where `schema` takes a single
 * value (text, number, boolean, one of a list), or null. yup reports such a value as a broken rule of the field; it
 * is malformed input instead, refused like every other (src/server/http/form-body.ts). Unknown fields are not looked
 * at (they are dropped).
 */
export function misplacedStructurePath(schema: yup.Schema, raw: unknown, path = ''): string | null {
  if (schema instanceof yup.ObjectSchema) {
    if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return null;
    for (const [key, field] of Object.entries(schema.fields as Record<string, yup.Schema>)) {
      if (!Object.hasOwn(raw, key)) continue;
      const found = misplacedStructurePath(field, (raw as Record<string, unknown>)[key], path ? `${path}.${key}` : key);
      if (found !== null) return found;
    }
    return null;
  }
  if (schema instanceof yup.ArraySchema) {
    if (!Array.isArray(raw) || !schema.innerType) return null;
    for (const [index, item] of raw.entries()) {
      const found = misplacedStructurePath(
        schema.innerType as yup.Schema,
        item,
        path ? `${path}.${index}` : String(index),
      );
      if (found !== null) return found;
    }
    return null;
  }
  return raw !== null && typeof raw === 'object' ? path : null;
}

/**
 * Checks a raw payload (parsed JSON, whatever it holds) against the form: unknown fields are
 * dropped (no mass assignment), the first broken rule is thrown as a yup.ValidationError whose
 * message is a message key; nothing else is ever thrown for bad input.
 */
export async function parsePayload<S extends yup.AnyObjectSchema, T>(
  form: PayloadForm<S, T>,
  raw: unknown,
): Promise<T> {
  const values = (await form.schema.validate(withoutInheritedKeys(raw), {
    abortEarly: true,
    stripUnknown: true,
  })) as yup.InferType<S>;
  return form.finish(values);
}
