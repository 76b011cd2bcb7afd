import { arSD as material } from '@mui/material/locale';
import { arSD as grid } from '@mui/x-data-grid/locales';
import dayjsLocale from 'dayjs/locale/ar';
import { localePack } from '#client/components/i18n/locale-packs/pack';

export default localePack({ material, grid, dayjs: dayjsLocale });
