import ArrowBack from '@mui/icons-material/ArrowBack';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { TextLink, TextLinkButton } from '#client/components/page/text-link';

// Kept apart from back-link.tsx (which also holds BackButton): a module import pulls the imported
// module's chunk even when the binding is unused, and MUI's Button must stay off the home page.

/** Where "Back" goes: a route, or the previous history entry (the pet profile page). */
export type BackTarget = { to: string; label?: string } | { history: true; label?: string };

export const backArrowSx = { '[dir="rtl"] &': { transform: 'scaleX(-1)' } } as const;

/** A "Back" text link (header). */
export function BackLink({ target }: { target: BackTarget }) {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  const label = target.label ?? t('layout.back');
  const content = (
    <>
      <ArrowBack fontSize="small" aria-hidden sx={backArrowSx} />
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
