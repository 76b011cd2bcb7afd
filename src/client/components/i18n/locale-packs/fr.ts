import { frFR as material } from '@mui/material/locale';
import { frFR as grid } from '@mui/x-data-grid/locales';
import { frFR as pickers } from '@mui/x-date-pickers/locales';
import dayjsLocale from 'dayjs/locale/fr';
import { localePack } from '#client/components/i18n/locale-packs/pack';

export default localePack({ material, grid, pickers, dayjs: dayjsLocale });
