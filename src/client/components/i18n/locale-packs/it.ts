import { itIT as material } from '@mui/material/locale';
import { itIT as grid } from '@mui/x-data-grid/locales';
import { itIT as pickers } from '@mui/x-date-pickers/locales';
import dayjsLocale from 'dayjs/locale/it';
import { gridText, pickersText, type LocalePack } from '#client/components/i18n/locale-packs/pack';

const pack: LocalePack = {
  material,
  grid: gridText(grid),
  pickers: pickersText(pickers),
  dayjs: dayjsLocale,
};
export default pack;
