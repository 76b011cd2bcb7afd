import { describe, expect, it } from 'vitest';
import { Type } from '@sinclair/typebox';
import { bodySchemaOf, numberBoundsAt } from '#server/http/schema-bounds';

describe('numberBoundsAt', () => {
  const query = Type.Object({
    offset: Type.Integer({ minimum: 1, maximum: 100000 }),
    latitude: Type.Optional(Type.Union([Type.Literal(''), Type.Number({ minimum: -90, maximum: 90 })])),
    searchTerm: Type.String(),
    weight: Type.Array(Type.Object({ value: Type.Number({ minimum: 0 }) })),
  });

  it("finds a field's minimum and maximum, through unions, arrays and objects", () => {
    expect(numberBoundsAt(query, 'offset')).toEqual({ min: 1, max: 100000 });
    expect(numberBoundsAt(query, 'latitude')).toEqual({ min: -90, max: 90 });
    expect(numberBoundsAt(query, 'weight.0.value')).toEqual({ min: 0, max: undefined });
  });

  it('answers null where the schema gives no range, or has no such field', () => {
    expect(numberBoundsAt(query, 'searchTerm')).toBeNull();
    expect(numberBoundsAt(query, 'nothing')).toBeNull();
    expect(numberBoundsAt(query, 'offset.deeper')).toBeNull();
    expect(numberBoundsAt(query, 'toString')).toBeNull();
    expect(numberBoundsAt(undefined, 'offset')).toBeNull();
  });
});

describe('bodySchemaOf', () => {
  const payload = { type: 'object', properties: { latitude: { type: 'number', minimum: -90, maximum: 90 } } };
  const documented = {
    content: {
      'multipart/form-data': { schema: { type: 'object', properties: { json: payload } } },
      'application/json': { schema: payload },
    },
  };

  it("gives a form's payload for its JSON body and for its multipart json part", () => {
    expect(numberBoundsAt(bodySchemaOf(documented, false), 'latitude')).toEqual({ min: -90, max: 90 });
    expect(numberBoundsAt(bodySchemaOf(documented, true), 'latitude')).toEqual({ min: -90, max: 90 });
  });

  it('gives a plain body schema as it is, and nothing for a multipart part it does not document', () => {
    expect(bodySchemaOf(payload, false)).toBe(payload);
    expect(bodySchemaOf(payload, true)).toBeUndefined();
  });
});
