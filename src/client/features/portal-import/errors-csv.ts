import type { ImportError } from '#shared/contract/vet-import';

/** A CSV cell: quoted, inner quotes doubled, and a leading = + - @ neutralised as the server's exports do. */
function cell(value: string | number): string {
  const text = String(value);
  return `"${(/^[=+\-@\t\r]/.test(text) ? `'${text}` : text).replace(/"/g, '""')}"`;
}

/** The preview's errors as a CSV file (UTF-8 with a byte order mark, as the exports), headers in the reader's language. */
export function errorsCsv(
  errors: readonly ImportError[],
  headers: [string, string, string],
  fieldTitle: (field: string) => string,
): Blob {
  const rows = [headers, ...errors.map((e) => [e.line, e.field ? fieldTitle(e.field) : '', e.message])];
  return new Blob([`\uFEFF${rows.map((r) => r.map(cell).join(',')).join('\r\n')}\r\n`], {
    type: 'text/csv;charset=utf-8',
  });
}
