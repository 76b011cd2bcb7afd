import { Type, type TSchema } from '@sinclair/typebox';
import type { Envelope } from '#shared/contract/envelope';

export function ok<T>(data: T, message = ''): Envelope<T> {
  return { result: 1, message, data };
}

export function fail(message: string): Envelope<null> {
  return { result: 0, message, data: null };
}

/** Response schema of an envelope around `data` (failures carry data null). */
export function envelopeSchema<T extends TSchema>(data: T) {
  return Type.Object({
    result: Type.Union([Type.Literal(0), Type.Literal(1)]),
    message: Type.String(),
    data: Type.Union([data, Type.Null()]),
  });
}
