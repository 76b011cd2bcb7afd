import { Readable } from 'node:stream';

/**
 * CSV for spreadsheet programs (docs/decisions/0112): UTF-8 with a byte order mark (so Excel reads
 * it as UTF-8), every cell quoted, rows ended by CRLF (RFC 4180), and formula injection neutralised
 * (OWASP "CSV injection": a cell starting with = + - @ tab or carriage return gets a leading
 * apostrophe, so no spreadsheet runs it). A phone number (a plus, then only digits and spaces) runs nothing and is
 * written as it is (issue 36, item 10: phones had an apostrophe).
 */
const BOM = '\uFEFF';

export type CsvValue = string | number | null | undefined;

const PHONE = /^\+\d[\d ]*$/;

function neutralise(value: string): string {
  return /^[=+\-@\t\r]/.test(value) && !PHONE.test(value) ? `'${value}` : value;
}

export function csvCell(value: CsvValue): string {
  const text = neutralise(value === null || value === undefined ? '' : String(value));
  return `"${text.replace(/"/g, '""')}"`;
}

export function csvRow(cells: readonly CsvValue[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/** A column: its header (already in the reader's language) and its cell of a row. */
export interface CsvColumn<Row> {
  header: string;
  cell: (row: Row) => CsvValue;
}

/**
 * The whole file as a stream: the BOM and header first, then each page of rows as it is read, so
 * a file of any length holds one page in memory (the pages come from a keyset-paged query).
 */
export function csvStream<Row>(columns: readonly CsvColumn<Row>[], pages: AsyncIterable<readonly Row[]>): Readable {
  async function* lines(): AsyncGenerator<string> {
    yield BOM + csvRow(columns.map((c) => c.header));
    for await (const page of pages) yield page.map((row) => csvRow(columns.map((c) => c.cell(row)))).join('');
  }
  return Readable.from(lines(), { objectMode: false });
}
