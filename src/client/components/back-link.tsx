import { Button } from '@mui/material';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { TextLink, TextLinkButton } from './text-link';
import { useTranslation } from 'react-i18next';

/** Where "Back" goes: a route, or the previous history entry (the pet profile page). */
export type BackTarget = { to: string; label?: string } | { history: true; label?: string };

const arrowSx = { '[dir="rtl"] &': { transform: 'scaleX(-1)' } } as const;

/** A "Back" text link (header). */
export function BackLink({ target }: { target: BackTarget }) {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  const label = target.label ?? t('layout.back');
  const content = (
    <>
      <ArrowBack fontSize="small" aria-hidden sx={arrowSx} />
      {label}
    </>
  );
  const sx = { display: 'inline-flex', alignItems: 'center', gap: 0.5, minHeight: 40, px: 0.5 } as const;
  if ('to' in target) {
    return (
      <TextLink to={target.to} sx={sx}>
        {content}
      </TextLink>
    );
  }
  return (
    <TextLinkButton type="button" onClick={() => void navigate(-1)} sx={sx}>
      {content}
    </TextLinkButton>
  );
}

/** A "Back" button (in a page's body). */
export function BackButton({ target }: { target: BackTarget }) {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  const label = target.label ?? t('layout.back');
  const icon = <ArrowBack aria-hidden sx={arrowSx} />;
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
