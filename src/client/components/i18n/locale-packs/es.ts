import { esES as material } from '@mui/material/locale';
import { esES as grid } from '@mui/x-data-grid/locales';
import { esES as pickers } from '@mui/x-date-pickers/locales';
import dayjsLocale from 'dayjs/locale/es';
import { gridText, pickersText, type LocalePack } from '#client/components/i18n/locale-packs/pack';

const pack: LocalePack = {
  material,
  grid: gridText(grid),
  pickers: pickersText(pickers),
  dayjs: dayjsLocale,
};
export default pack;
