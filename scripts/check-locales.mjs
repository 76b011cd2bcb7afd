#!/usr/bin/env node
// Every language must have every key of English, in every namespace (and no empty strings), data titles included.
import fs from 'node:fs';
import path from 'node:path';

const root = 'locales';
const languages = fs.readdirSync(root).filter((d) => fs.statSync(path.join(root, d)).isDirectory());
const flatten = (obj, prefix = '') =>
  Object.entries(obj).flatMap(([k, v]) =>
    v && typeof v === 'object' ? flatten(v, `${prefix}${k}.`) : [[`${prefix}${k}`, v]],
  );

const problems = [];
for (const file of fs.readdirSync(path.join(root, 'en'))) {
  const en = new Map(flatten(JSON.parse(fs.readFileSync(path.join(root, 'en', file), 'utf8'))));
  for (const lang of languages) {
    const p = path.join(root, lang, file);
    if (!fs.existsSync(p)) {
      problems.push(`${lang}/${file}: missing file`);
      continue;
    }
    const other = new Map(flatten(JSON.parse(fs.readFileSync(p, 'utf8'))));
    for (const key of en.keys()) {
      if (!other.has(key)) problems.push(`${lang}/${file}: missing key ${key}`);
      else if (typeof other.get(key) === 'string' && other.get(key).trim() === '')
        problems.push(`${lang}/${file}: empty ${key}`);
    }
    // Plural forms differ by language (Arabic has zero/one/two/few/many/other): a form is fine when English has the
    // key's base.
    const pluralBase = (key) => key.replace(/_(zero|one|two|few|many|other)$/, '');
    const enBases = new Set([...en.keys()].map(pluralBase));
    for (const key of other.keys())
      if (!en.has(key) && !(pluralBase(key) !== key && enBases.has(pluralBase(key))))
        problems.push(`${lang}/${file}: key ${key} is not in English`);
  }
}
// Data titles (locales/<lang>/data.json, decision 0105): the titles that are words, not names or codes,
// are written in every language, never the English copied in.
const WORD_TITLES = ['petType', 'category', 'recordType', 'skill'];
// Words a language writes exactly as English does (its own word, not English left in): checked by hand, see
// docs/glossary.md.
const SAME_WORD_AS_ENGLISH = {
  de: ['petType.5'],
  fr: ['petType.5', 'recordType.9', 'recordType.17'],
  pt: ['petType.5'],
  tr: ['petType.5'],
};
const enData = JSON.parse(fs.readFileSync(path.join(root, 'en', 'data.json'), 'utf8'));
for (const lang of languages.filter((l) => l !== 'en')) {
  const p = path.join(root, lang, 'data.json');
  if (!fs.existsSync(p)) continue;
  const data = JSON.parse(fs.readFileSync(p, 'utf8'));
  for (const section of WORD_TITLES)
    for (const [key, english] of Object.entries(enData[section] ?? {}))
      if (data[section]?.[key] === english && !SAME_WORD_AS_ENGLISH[lang]?.includes(`${section}.${key}`))
        problems.push(`${lang}/data.json: ${section}.${key} is still English ("${english}")`);
}

if (problems.length) {
  console.error(problems.join('\n'));
  console.error(`${problems.length} locale problem(s)`);
  process.exit(1);
}
console.log(`locales complete: ${languages.join(', ')}`);
