import { get, set, type FieldErrors, type FieldValues, type Resolver, type ResolverResult } from 'react-hook-form';
import { ValidationError } from 'yup';

/**
 * A react-hook-form resolver for a form validated as a whole by a shared schema's parse function
 * (src/shared/forms): the parsed value is what the submit handler gets; a failure's message (an
 * i18n key) lands on `errors.root`, for the form's one error line.
 */
export function wholeFormResolver<TForm extends FieldValues, TParsed>(
  parse: (values: TForm) => Promise<TParsed>,
): Resolver<TForm, unknown, TParsed> {
  return async (values): Promise<ResolverResult<TForm, TParsed>> => {
    try {
      return { values: await parse(values), errors: {} };
    } catch (error) {
      // FieldErrors<TForm> cannot see that `root` is allowed for a generic form.
      const errors = {
        root: { type: 'validate', message: error instanceof Error ? error.message : String(error) },
      } as FieldErrors<TForm>;
      return { values: {}, errors };
    }
  };
}

/**
 * A react-hook-form resolver for a form whose payload a shared yup schema checks field by field (src/shared/forms):
 * `parse` validates with every broken rule reported (abortEarly: false); each message (an i18n key) lands on the form
 * field `fieldOf` names for its payload path, the first one per field, so it shows under that field; a message no
 * field shows lands on `errors.root`, for the form's error line.
 */
export function fieldErrorsResolver<TForm extends FieldValues, TParsed>(
  parse: (values: TForm) => Promise<TParsed>,
  fieldOf: (payloadPath: string | undefined, message: string) => string | null,
): Resolver<TForm, unknown, TParsed> {
  return async (values): Promise<ResolverResult<TForm, TParsed>> => {
    try {
      return { values: await parse(values), errors: {} };
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      const errors: Record<string, unknown> = {};
      for (const broken of error.inner.length > 0 ? error.inner : [error]) {
        const message = broken.message;
        const field = fieldOf(broken.path, message) ?? 'root';
        if (get(errors, field) === undefined) set(errors, field, { type: broken.type ?? 'validate', message });
      }
      return { values: {}, errors: errors as FieldErrors<TForm> };
    }
  };
}
