import { hiIN as material } from '@mui/material/locale';
import dayjsLocale from 'dayjs/locale/hi';
import { type LocalePack } from '#client/components/i18n/locale-packs/pack';

const pack: LocalePack = {
  material,
  grid: null,
  pickers: null,
  dayjs: dayjsLocale,
};
export default pack;
