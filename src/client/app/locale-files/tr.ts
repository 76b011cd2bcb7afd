import type { LocaleFiles } from '#client/app/locale-files/locale-files';

const files: LocaleFiles = import.meta.glob<{ default: Record<string, unknown> }>([
  '/locales/tr/*.json',
  '!/locales/tr/server.json',
  '!/locales/tr/mail.json',
]);
export default files;
