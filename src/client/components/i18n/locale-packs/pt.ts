import { ptBR as material } from '@mui/material/locale';
import { ptBR as grid } from '@mui/x-data-grid/locales';
import { ptBR as pickers } from '@mui/x-date-pickers/locales';
import dayjsLocale from 'dayjs/locale/pt-br';
import { localePack } from '#client/components/i18n/locale-packs/pack';

export default localePack({ material, grid, pickers, dayjs: dayjsLocale });
