import { arSD as material } from '@mui/material/locale';
import { arSD as grid } from '@mui/x-data-grid/locales';
import dayjsLocale from 'dayjs/locale/ar';
import { gridText, type LocalePack } from '#client/components/i18n/locale-packs/pack';

const pack: LocalePack = {
  material,
  grid: gridText(grid),
  pickers: null,
  dayjs: dayjsLocale,
};
export default pack;
