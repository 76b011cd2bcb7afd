/**
 * The range a route's schema gives one number of a request, so that a number the shared input rules refuse
 * (1e400 read as Infinity, a value past the 32-bit range) is answered with its own field's range rather than the
 * rule's generic one. The schemas are JSON schemas: TypeBox's (query, path, body) and the forms' documented bodies
 * (src/server/http/form-docs.ts), whose multipart form holds the payload in a `json` part.
 */

export interface NumberBounds {
  min?: number;
  max?: number;
}

type Node = Record<string, unknown>;

const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null;

function boundsAt(node: unknown, segments: readonly string[]): NumberBounds | null {
  if (!isNode(node)) return null;
  for (const choices of [node.anyOf, node.oneOf, node.allOf]) {
    if (!Array.isArray(choices)) continue;
    for (const choice of choices) {
      const found = boundsAt(choice, segments);
      if (found) return found;
    }
  }
  const [first, ...rest] = segments;
  if (first === undefined) {
    const min = typeof node.minimum === 'number' ? node.minimum : undefined;
    const max = typeof node.maximum === 'number' ? node.maximum : undefined;
    return min === undefined && max === undefined ? null : { min, max };
  }
  if (isNode(node.properties) && Object.hasOwn(node.properties, first)) return boundsAt(node.properties[first], rest);
  if (/^\d+$/.test(first) && node.items !== undefined) return boundsAt(node.items, rest);
  return null;
}

/** The minimum and maximum `schema` gives the value at `path` ("weight.0.value"; "" for the value itself), or null. */
export function numberBoundsAt(schema: unknown, path: string): NumberBounds | null {
  return boundsAt(schema, path ? path.split('.') : []);
}

/**
 * The schema of a route's body as a request sends it: the JSON body, or (`multipart`) the payload of the multipart
 * form's `json` part. A body documented for both (`content`) gives the one that applies.
 */
export function bodySchemaOf(body: unknown, multipart: boolean): unknown {
  if (!isNode(body) || !isNode(body.content)) return multipart ? undefined : body;
  const media = body.content[multipart ? 'multipart/form-data' : 'application/json'];
  const schema = isNode(media) ? media.schema : undefined;
  if (!multipart) return schema;
  return isNode(schema) && isNode(schema.properties) ? schema.properties.json : undefined;
}
