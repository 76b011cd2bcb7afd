import type { LocaleFiles } from '#client/app/locale-files/locale-files';

const files: LocaleFiles = import.meta.glob<{ default: Record<string, unknown> }>([
  '/locales/en/*.json',
  '!/locales/en/server.json',
  '!/locales/en/mail.json',
]);
export default files;
