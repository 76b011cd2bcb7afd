/**
 * yup looks fields up by key in a plain object, so an input key that names an Object.prototype
 * member ("valueOf", "toString", "constructor", ...) makes it call that member as a schema and
 * throw a TypeError instead of a ValidationError. Parsed JSON can carry such keys: drop them
 * (at every depth) before validating. Pure: answers a copy.
 */
export function withoutInheritedKeys(value: unknown, depth = 0): unknown {
  if (depth > 20 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => withoutInheritedKeys(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    if (key in Object.prototype) continue;
    out[key] = withoutInheritedKeys(v, depth + 1);
  }
  return out;
}
