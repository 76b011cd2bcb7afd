import { describe, expect, it } from 'vitest';
import { buildCsv, csvCell, neutraliseCell } from '#client/features/portal/reminders/reminders-csv';

describe('reminders CSV', () => {
  it('quotes every field and doubles inner quotes', () => {
    expect(csvCell('Rex "the dog", jr')).toBe('"Rex ""the dog"", jr"');
    expect(csvCell(null)).toBe('""');
    expect(csvCell(3)).toBe('"3"');
  });

  it('neutralises formula injection', () => {
    for (const bad of ['=HYPERLINK("x")', '+1+1', '-2', '@SUM(A1)']) expect(neutraliseCell(bad)).toBe(`'${bad}`);
    expect(neutraliseCell('Rabies')).toBe('Rabies');
    expect(csvCell('=1+1')).toBe(`"'=1+1"`);
  });

  it('builds header and rows with CRLF', () => {
    expect(buildCsv(['Pet', 'Due'], [['Rex', 'Rabies'], ['Mia', '+34 600']])).toBe('"Pet","Due"\r\n"Rex","Rabies"\r\n"Mia","\'+34 600"\r\n');
  });
});
