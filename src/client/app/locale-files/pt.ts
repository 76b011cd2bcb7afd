import type { LocaleFiles } from '#client/app/locale-files/locale-files';

const files: LocaleFiles = import.meta.glob<{ default: Record<string, unknown> }>([
  '/locales/pt/*.json',
  '!/locales/pt/server.json',
  '!/locales/pt/mail.json',
]);
export default files;
