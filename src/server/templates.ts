import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Long literal text (legal documents, e-mail and SVG markup) lives in files of its own beside the module that uses it,
 * not in source lines (docs/decisions/0135). They are read once.
 */
const read = new Map<string, string>();

/** The text of `relativePath` beside the module at `moduleUrl` (its import.meta.url). */
export function sourceText(moduleUrl: string, relativePath: string): string {
  const file = path.resolve(path.dirname(fileURLToPath(moduleUrl)), relativePath);
  let text = read.get(file);
  if (text === undefined) {
    text = fs.readFileSync(file, 'utf8');
    read.set(file, text);
  }
  return text;
}

/** `template` with each {{name}} replaced by `values[name]`, as given (escape HTML first where it is HTML). */
export function fillTemplate(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_whole, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`no value for {{${name}}} in a template`);
    return String(value);
  });
}
