import { localePack } from '#client/components/i18n/locale-packs/pack';

// MUI, MUI X and dayjs speak English by default: nothing to add.
export default localePack({});
