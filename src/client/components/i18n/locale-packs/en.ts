import type { LocalePack } from '#client/components/i18n/locale-packs/pack';

const pack: LocalePack = {
  material: null,
  grid: null,
  pickers: null,
  dayjs: null,
};
export default pack;
