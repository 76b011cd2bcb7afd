import { describe, expect, it } from 'vitest';
import type { ResolverOptions } from 'react-hook-form';
import { createVisitSchema } from '#shared/forms/visit-payload';
import { wholeFormResolver } from '#client/components/forms/form-resolver';

type Form = { petId: number | null; visitDate: string; vetUserId: number | null };
const options = { fields: {}, shouldUseNativeValidation: false } as ResolverOptions<Form>;
const resolver = wholeFormResolver((values: Form) => createVisitSchema.validate(values));

describe('wholeFormResolver', () => {
  it('hands the parsed value to the submit handler when the shared schema accepts the form', async () => {
    expect(await resolver({ petId: 3, visitDate: ' 2026-11-23 ', vetUserId: 4 }, undefined, options)).toEqual({
      values: { petId: 3, visitDate: '2026-11-23', vetUserId: 4 },
      errors: {},
    });
  });

  it("puts the schema's message key on errors.root, for the form's one error line", async () => {
    const result = await resolver({ petId: null, visitDate: '2026-11-23', vetUserId: 4 }, undefined, options);
    expect(result.values).toEqual({});
    expect(result.errors.root?.message).toBe('validation.visitPetAndDateRequired');
  });
});
