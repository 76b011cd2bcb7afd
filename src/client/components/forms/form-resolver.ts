import type { FieldErrors, FieldValues, Resolver, ResolverResult } from 'react-hook-form';

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
