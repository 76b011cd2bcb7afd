import { trTR as material } from '@mui/material/locale';
import { trTR as grid } from '@mui/x-data-grid/locales';
import { trTR as pickers } from '@mui/x-date-pickers/locales';
import dayjsLocale from 'dayjs/locale/tr';
import { localePack } from '#client/components/i18n/locale-packs/pack';

export default localePack({ material, grid, pickers, dayjs: dayjsLocale });
