import type { LocaleFiles } from '#client/app/locale-files/locale-files';

const files: LocaleFiles = import.meta.glob<{ default: Record<string, unknown> }>([
  '/locales/fr/*.json',
  '!/locales/fr/server.json',
  '!/locales/fr/mail.json',
]);
export default files;
