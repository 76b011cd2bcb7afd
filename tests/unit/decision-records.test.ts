// @vitest-environment node
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every decision record has one format (docs/decisions/README.md: "# NNNN. Title", Date, Status,
 * then Context / Decision / Consequences), and the index in docs/decisions/README.md lists every
 * record with its title, status and date, and nothing else. When a record is added, the failure
 * says the exact line to add.
 */
const DIR = 'docs/decisions';
const INDEX = `${DIR}/README.md`;
const RECORDS = fs
  .readdirSync(DIR)
  .filter((f) => /^\d{4}-.*\.md$/.test(f))
  .sort();

/** The day git first saw the file, or today for a record not committed yet. */
function addedOn(file: string): string {
  try {
    const days = execFileSync(
      'git',
      ['log', '--diff-filter=A', '--follow', '--format=%ad', '--date=short', '--', file],
      {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      },
    )
      .trim()
      .split('\n')
      .filter(Boolean);
    if (days.length) return days[days.length - 1]!;
  } catch {
    /* no git here: today */
  }
  return new Date().toISOString().slice(0, 10);
}

/** Reads a record's title, date and status, also from a record in an older format (for the messages). */
function readRecord(file: string) {
  const text = fs.readFileSync(path.join(DIR, file), 'utf8');
  const title = /^# \d+[.:] (.+)$/m.exec(text)?.[1]?.trim() ?? '(no title)';
  const date = /^Date: (\d{4}-\d{2}-\d{2})$/m.exec(text)?.[1] ?? addedOn(path.join(DIR, file));
  const status = (/^Status: (.+)$/m.exec(text) ?? /^## Status\s+(.+)$/m.exec(text))?.[1]?.trim() ?? '(no status)';
  return { text, title, date, status };
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The status's first clause: "Accepted", "Superseded by 0065" (the record says the rest). */
const shortStatus = (status: string) => capitalised(/^(.*?)(?:[.;](?:\s|$)| \(|$)/.exec(status)![1]!);

function indexLine(file: string): string {
  const { title, date, status } = readRecord(file);
  return `| [${file.slice(0, 4)}](${file}) | ${title.replaceAll('|', '\\|')} | ${shortStatus(status)} | ${date} |`;
}

describe('decision records', () => {
  it('all have the one format: # NNNN. Title, Date, Status, then Context / Decision / Consequences', () => {
    const wrong: string[] = [];
    for (const file of RECORDS) {
      const { text, title, date, status } = readRecord(file);
      const lines = text.split('\n');
      const head = [`# ${file.slice(0, 4)}. ${title}`, '', `Date: ${date}`, '', `Status: ${capitalised(status)}`];
      if (head.some((line, i) => lines[i] !== line))
        wrong.push(`${file}: start it with these five lines (a status further down moves here):\n${head.join('\n')}`);
      const labels = lines.filter((l) => /^(Context|Decision|Consequences)\b[^:]*:/.test(l));
      if (labels.length)
        wrong.push(
          `${file}: a heading of its own line (## Context, ## Decision, ## Consequences) for ${JSON.stringify(labels)}`,
        );
      const headings = lines.filter((l) => l.startsWith('#')).slice(1);
      const order = ['## Context', '## Decision', '## Consequences'];
      const inOrder = headings.every(
        (h, i) => order.includes(h) && (i === 0 || order.indexOf(h) > order.indexOf(headings[i - 1]!)),
      );
      if (!inOrder || !headings.includes('## Decision'))
        wrong.push(
          `${file}: headings ${JSON.stringify(headings)}; want ## Context, ## Decision, ## Consequences in this order`,
        );
    }
    expect(wrong.join('\n\n'), `${wrong.join('\n\n')}\n(the format: docs/decisions/README.md)`).toBe('');
  });

  it('are all listed in the index with their title, status and date, and the index lists nothing else', () => {
    const rows = fs
      .readFileSync(INDEX, 'utf8')
      .split('\n')
      .filter((l) => l.startsWith('| ['));
    const want = RECORDS.map(indexLine);
    const problems: string[] = [];
    for (const line of want) {
      if (rows.includes(line)) continue;
      const listed = rows.find((r) => r.startsWith(line.slice(0, line.indexOf(')') + 1)));
      problems.push(
        listed
          ? `replace in ${INDEX}:\n${listed}\nwith:\n${line}`
          : `add to the table in ${INDEX} (in number order):\n${line}`,
      );
    }
    for (const row of rows)
      if (!want.some((line) => line.startsWith(row.slice(0, row.indexOf(')') + 1))))
        problems.push(`remove from ${INDEX} (no such record):\n${row}`);
    if (!problems.length && rows.join('\n') !== want.join('\n')) problems.push(`order the rows of ${INDEX} by number`);
    expect(problems.join('\n\n'), problems.join('\n\n')).toBe('');
  });
});
