import type { LocaleFiles } from '#client/app/locale-files/locale-files';

const files: LocaleFiles = import.meta.glob<{ default: Record<string, unknown> }>([
  '/locales/ar/*.json',
  '!/locales/ar/server.json',
  '!/locales/ar/mail.json',
]);
export default files;
