import { deDE as material } from '@mui/material/locale';
import { deDE as grid } from '@mui/x-data-grid/locales';
import { deDE as pickers } from '@mui/x-date-pickers/locales';
import dayjsLocale from 'dayjs/locale/de';
import { localePack } from '#client/components/i18n/locale-packs/pack';

export default localePack({ material, grid, pickers, dayjs: dayjsLocale });
