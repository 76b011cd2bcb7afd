/**
 * Intl formatters, made once per locale and options: making one costs far more than using it, and
 * the server renderer would otherwise make the same ones on every page it renders.
 */
const made = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat | Intl.Collator>();

function once<T extends Intl.NumberFormat | Intl.DateTimeFormat | Intl.Collator>(key: string, make: () => T): T {
  let formatter = made.get(key) as T | undefined;
  if (!formatter) {
    formatter = make();
    made.set(key, formatter);
  }
  return formatter;
}

export function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  return once(`number ${locale} ${JSON.stringify(options)}`, () => new Intl.NumberFormat(locale, options));
}

export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions = {}): Intl.DateTimeFormat {
  return once(`date ${locale} ${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(locale, options));
}

export function collator(locale: string): Intl.Collator {
  return once(`collator ${locale}`, () => new Intl.Collator(locale));
}
