import { Button } from '@mui/material';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { backArrowSx, type BackTarget } from '#client/components/page/header-back-link';

export { type BackTarget } from '#client/components/page/header-back-link';

/** A "Back" button (in a page's body). */
export function BackButton({ target }: { target: BackTarget }) {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  const label = target.label ?? t('layout.back');
  const icon = <ArrowBack aria-hidden sx={backArrowSx} />;
  if ('to' in target) {
    return (
      <Button component={RouterLink} to={target.to} variant="outlined" startIcon={icon}>
        {label}
      </Button>
    );
  }
  return (
    <Button variant="outlined" startIcon={icon} onClick={() => void navigate(-1)}>
      {label}
    </Button>
  );
}
