import { itIT as material } from '@mui/material/locale';
import { itIT as grid } from '@mui/x-data-grid/locales';
import { itIT as pickers } from '@mui/x-date-pickers/locales';
import dayjsLocale from 'dayjs/locale/it';
import { localePack } from '#client/components/i18n/locale-packs/pack';

export default localePack({ material, grid, pickers, dayjs: dayjsLocale });
