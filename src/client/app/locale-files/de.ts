import type { LocaleFiles } from '#client/app/locale-files/locale-files';

const files: LocaleFiles = import.meta.glob<{ default: Record<string, unknown> }>([
  '/locales/de/*.json',
  '!/locales/de/server.json',
  '!/locales/de/mail.json',
]);
export default files;
