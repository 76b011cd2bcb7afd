import { esES as material } from '@mui/material/locale';
import { esES as grid } from '@mui/x-data-grid/locales';
import { esES as pickers } from '@mui/x-date-pickers/locales';
import dayjsLocale from 'dayjs/locale/es';
import { localePack } from '#client/components/i18n/locale-packs/pack';

export default localePack({ material, grid, pickers, dayjs: dayjsLocale });
