import type { LocaleFiles } from '#client/app/locale-files/locale-files';

const files: LocaleFiles = import.meta.glob<{ default: Record<string, unknown> }>([
  '/locales/hi/*.json',
  '!/locales/hi/server.json',
  '!/locales/hi/mail.json',
]);
export default files;
