import { zhCN as material } from '@mui/material/locale';
import { zhCN as grid } from '@mui/x-data-grid/locales';
import { zhCN as pickers } from '@mui/x-date-pickers/locales';
import dayjsLocale from 'dayjs/locale/zh-cn';
import { localePack } from '#client/components/i18n/locale-packs/pack';

export default localePack({ material, grid, pickers, dayjs: dayjsLocale });
