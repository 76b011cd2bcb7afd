// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { csvCell, csvRow, csvStream } from '#server/exports/csv';

async function streamed(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  return Buffer.concat(chunks).toString('utf8');
}

describe('CSV for spreadsheet programs', () => {
  it('quotes every cell and doubles inner quotes; commas and line breaks stay inside the cell', () => {
    expect(csvCell('Rex "the dog", jr')).toBe('"Rex ""the dog"", jr"');
    expect(csvCell('two\r\nlines')).toBe('"two\r\nlines"');
    expect(csvCell(null)).toBe('""');
    expect(csvCell(undefined)).toBe('""');
    expect(csvCell(3)).toBe('"3"');
  });

  it('neutralises formula injection: a cell starting with = + - @ tab or carriage return gets an apostrophe', () => {
    for (const bad of ['=HYPERLINK("x")', '+1+1', '-2', '@SUM(A1)', '\tcmd', '\rcmd'])
      expect(csvCell(bad)).toBe(`"'${bad.replace(/"/g, '""')}"`);
    expect(csvCell('Rabies')).toBe('"Rabies"');
    expect(csvCell('a=1')).toBe('"a=1"');
  });

  it('writes a phone number as it is: a plus, digits and spaces run nothing (issue 36)', () => {
    expect(csvCell('+34 93 474 17 88')).toBe('"+34 93 474 17 88"');
    expect(csvCell('+15550100101')).toBe('"+15550100101"');
    // arithmetic or anything else after the plus is still neutralised
    for (const bad of ['+1+1', '+1-1', '+1 (555)', '+A1']) expect(csvCell(bad)).toBe(`"'${bad}"`);
  });

  it('ends rows with CRLF', () => {
    expect(csvRow(['Pet', 'Due'])).toBe('"Pet","Due"\r\n');
  });

  it('streams the byte order mark, the header and each page of rows as it comes', async () => {
    let pagesRead = 0;
    async function* pages() {
      for (const page of [[{ n: 'Rex' }, { n: 'Mia' }], [{ n: '=1+1' }]]) {
        pagesRead += 1;
        yield page;
      }
    }
    const stream = csvStream([{ header: 'Pet', cell: (r: { n: string }) => r.n }], pages());
    expect(pagesRead).toBe(0);
    const text = await streamed(stream);
    expect(pagesRead).toBe(2);
    expect(text).toBe('\uFEFF"Pet"\r\n"Rex"\r\n"Mia"\r\n"\'=1+1"\r\n');
  });
});
