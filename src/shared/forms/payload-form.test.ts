import { describe, expect, it } from 'vitest';
import * as yup from 'yup';
import { parsePayload, payloadForm } from '#shared/forms/payload-form';

const form = payloadForm(
  yup.object({
    name: yup.string().required('nameRequired'),
    list: yup.array(yup.object({ b: yup.number() })).default([]),
  }),
  (values) => ({ ...values, name: values.name.toUpperCase() }),
);

describe('parsePayload', () => {
  it('drops keys naming Object.prototype members at every depth, unknown fields too, then finishes', async () => {
    const raw = JSON.parse(
      '{"name":"rex","valueOf":"","toString":2,"__proto__":{"x":1},"list":[{"constructor":3,"b":4}],"clinicId":9}',
    );
    await expect(parsePayload(form, raw)).resolves.toEqual({ name: 'REX', list: [{ b: 4 }] });
  });

  it('throws only a ValidationError whose message is the key, and leaves its input alone', async () => {
    const raw = { valueOf: 1, name: '' };
    const err = await parsePayload(form, raw).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(yup.ValidationError);
    expect((err as Error).message).toBe('nameRequired');
    await expect(parsePayload(form, JSON.parse('{"toString":{"toString":1}}'))).rejects.toBeInstanceOf(
      yup.ValidationError,
    );
    expect(raw).toEqual({ valueOf: 1, name: '' });
  });

  it('answers the values as they are without a finish step', async () => {
    await expect(parsePayload(payloadForm(yup.object({ n: yup.number() })), { n: '4' })).resolves.toEqual({ n: 4 });
  });
});
