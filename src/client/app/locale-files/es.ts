import type { LocaleFiles } from '#client/app/locale-files/locale-files';

const files: LocaleFiles = import.meta.glob<{ default: Record<string, unknown> }>([
  '/locales/es/*.json',
  '!/locales/es/server.json',
  '!/locales/es/mail.json',
]);
export default files;
