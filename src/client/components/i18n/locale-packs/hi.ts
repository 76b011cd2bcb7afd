import { hiIN as material } from '@mui/material/locale';
import dayjsLocale from 'dayjs/locale/hi';
import { localePack } from '#client/components/i18n/locale-packs/pack';

export default localePack({ material, dayjs: dayjsLocale });
