import type { LocaleFiles } from '#client/app/locale-files/locale-files';

const files: LocaleFiles = import.meta.glob<{ default: Record<string, unknown> }>([
  '/locales/it/*.json',
  '!/locales/it/server.json',
  '!/locales/it/mail.json',
]);
export default files;
