import type { LocaleFiles } from '#client/app/locale-files/locale-files';

const files: LocaleFiles = import.meta.glob<{ default: Record<string, unknown> }>([
  '/locales/zh/*.json',
  '!/locales/zh/server.json',
  '!/locales/zh/mail.json',
]);
export default files;
