/**
 * The API documentation's request bodies, written from the shared forms' yup schemas (their one
 * definition), so the docs cannot disagree with the rules the server applies.
 */
import type { AnyObjectSchema, SchemaDescription, SchemaFieldDescription } from 'yup';

type JsonSchema = Record<string, unknown>;

/** The `imageFile` parts a call takes, for its documentation. */
export interface FormFiles {
  max: number;
  description: string;
}

function testParam(d: SchemaDescription, name: string, param: string): unknown {
  return d.tests.find((t) => t.name === name)?.params?.[param];
}

/** OpenAPI 3.0 schema of one yup field (what its description exposes: type, limits, choices, nullability). */
function jsonSchemaOf(field: SchemaFieldDescription): JsonSchema {
  if (!('tests' in field)) return {};
  const d = field as SchemaDescription & {
    fields?: Record<string, SchemaFieldDescription>;
    innerType?: SchemaFieldDescription;
  };
  const out: JsonSchema = {};
  const min = testParam(d, 'min', 'min');
  const max = testParam(d, 'max', 'max');
  switch (d.type) {
    case 'number':
      out.type = d.tests.some((t) => t.name === 'integer') ? 'integer' : 'number';
      if (min !== undefined) out.minimum = min;
      if (max !== undefined) out.maximum = max;
      break;
    case 'string':
      out.type = 'string';
      if (min !== undefined) out.minLength = min;
      if (max !== undefined) out.maxLength = max;
      if (d.tests.some((t) => t.name === 'real-date')) out.format = 'date';
      break;
    case 'boolean':
      out.type = 'boolean';
      break;
    case 'array':
      out.type = 'array';
      out.items = d.innerType ? jsonSchemaOf(d.innerType) : {};
      if (max !== undefined) out.maxItems = max;
      break;
    case 'object': {
      const fields = Object.entries(d.fields ?? {});
      out.type = 'object';
      out.properties = Object.fromEntries(fields.map(([name, f]) => [name, jsonSchemaOf(f)]));
      const required = fields.filter(([, f]) => 'optional' in f && !f.optional).map(([name]) => name);
      if (required.length > 0) out.required = required;
      break;
    }
    default:
      break;
  }
  const choices = d.oneOf.filter((v) => v !== undefined && v !== null);
  if (choices.length > 0) out.enum = choices;
  if (d.nullable) out.nullable = true;
  const description = (d.meta as { description?: unknown } | undefined)?.description;
  if (typeof description === 'string') out.description = description;
  return out;
}

/** The `body` of a route schema: the JSON body, and with files the multipart form holding it in a `json` part. */
export function formBodyDoc(schema: AnyObjectSchema, files: FormFiles | null): JsonSchema {
  const payload = jsonSchemaOf(schema.describe());
  if (!files) return payload;
  const multipart = {
    type: 'object',
    required: ['json'],
    properties: {
      json: { ...payload, description: 'the payload, as JSON text' },
      imageFile: {
        type: 'array',
        maxItems: files.max,
        description: files.description,
        items: { type: 'string', format: 'binary' },
      },
    },
  };
  return {
    content: {
      'multipart/form-data': { schema: multipart },
      'application/json': { schema: { ...payload, description: 'the payload without files' } },
    },
  };
}
