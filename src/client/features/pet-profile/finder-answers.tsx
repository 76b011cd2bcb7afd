import { useEffect, useRef } from 'react';
import { Alert, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { LocationProblem } from '#client/features/pet-profile/use-visitor-location';

interface FinderAnswersProps {
  petName: string;
  /** the server's answer to a shared position: told the owner, or shared without an e-mail; undefined before one */
  ownerNotified: boolean | undefined;
  problem: LocationProblem | null;
  onDismissProblem: () => void;
}

/**
 * What a finder is told after sharing (or trying to share) their position: the owner was told, or the browser blocks
 * location. The page shows it where the visitor asked, at the lost panel's Help Find Pet when the panel is open
 * (issue 36: at the top of the profile it was out of sight), and brings it into view when it appears.
 */
export function FinderAnswers({ petName, ownerNotified, problem, onDismissProblem }: FinderAnswersProps) {
  const { t } = useTranslation('pet');
  const ref = useRef<HTMLDivElement>(null);
  const shown = ownerNotified !== undefined || problem !== null;
  useEffect(() => {
    // (scrollIntoView is missing where there is no layout, as in jsdom)
    if (shown) ref.current?.scrollIntoView?.({ block: 'nearest' });
  }, [shown, ownerNotified, problem]);
  if (!shown) return null;
  return (
    <Stack ref={ref} spacing={1} data-testid="finder-answers">
      {ownerNotified !== undefined && (
        <Alert severity={ownerNotified ? 'success' : 'info'} role="status" data-testid="finder-notice">
          {ownerNotified ? t('finder.ownerNotified', { name: petName }) : t('finder.sharedNoEmail')}
        </Alert>
      )}
      {problem && (
        <Alert
          severity="warning"
          role="alert"
          onClose={onDismissProblem}
          closeText={t('location.dismiss')}
          data-testid="location-problem"
        >
          {t(`location.problem.${problem}`)}
        </Alert>
      )}
    </Stack>
  );
}
