import { Readable } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
import { IMPORT_MAX_ROWS } from '#shared/contract/import-fields';
import { UserError } from '#server/http/errors';

/** A record of the file and the line it ends on (the header is line 1). */
export interface CsvRecord {
  line: number;
  cells: string[];
}

/** The file's separator: `;` when its first line holds more of them than commas, outside quotes. */
function separatorOf(head: string): ',' | ';' {
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  for (const char of head) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && char === ',') commas += 1;
    else if (!quoted && char === ';') semicolons += 1;
  }
  return semicolons > commas ? ';' : ',';
}

const HEAD_BYTES = 64 * 1024;

/**
 * The records of a CSV upload, parsed as its bytes arrive (csv-parse): UTF-8 with or without a byte order mark,
 * `,` or `;` as the first line says, quoted cells with line breaks, rows of any length. More than IMPORT_MAX_ROWS
 * rows, or a file csv-parse cannot read, stops it with the user's message.
 */
export async function* csvRecords(source: AsyncIterable<Buffer>): AsyncGenerator<CsvRecord> {
  const chunks = source[Symbol.asyncIterator]();
  let head = Buffer.alloc(0);
  let ended = false;
  while (!ended && head.length < HEAD_BYTES && !head.includes(0x0a)) {
    const next = await chunks.next();
    if (next.done) ended = true;
    else head = Buffer.concat([head, next.value]);
  }
  const parser = parse({
    delimiter: separatorOf(head.toString('utf8')),
    bom: true,
    info: true,
    relax_column_count: true,
    skip_empty_lines: true,
    skip_records_with_empty_values: true,
  });
  async function* bytes() {
    yield head;
    if (ended) return;
    for (let next = await chunks.next(); !next.done; next = await chunks.next()) yield next.value;
  }
  const feed = Readable.from(bytes(), { objectMode: false });
  feed.on('error', (err) => parser.destroy(err));
  feed.pipe(parser);
  let count = 0;
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      // the header and IMPORT_MAX_ROWS rows
      if (++count > IMPORT_MAX_ROWS + 1) throw new UserError('importTooManyRows', { max: IMPORT_MAX_ROWS });
      yield { line: info.lines, cells: record };
    }
  } catch (err) {
    if (err instanceof CsvError) throw new UserError('importBadCsv', { line: Number(err.lines ?? 0) });
    throw err;
  } finally {
    feed.destroy();
    parser.destroy();
  }
}
