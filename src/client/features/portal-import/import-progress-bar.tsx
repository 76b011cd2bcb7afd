import { Box, LinearProgress, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useImportProgress } from '#client/api/portal-import';

interface ImportProgressBarProps {
  /** the key the import was sent with */
  progressKey: string;
  /** the fraction of the file sent so far */
  uploaded: number;
  /** the file's rows and the pets it will write, as the dry run counted them (until the server tells) */
  rows: number;
  pets: number;
}

const percent = (done: number, total: number) => (total > 0 ? Math.min(100, Math.round((done / total) * 100)) : 0);

/**
 * The import's determinate progress: the file's upload (the browser's count), then the rows the server has read and
 * the pets it has written (GetImportProgress).
 */
export function ImportProgressBar({ progressKey, uploaded, rows, pets }: ImportProgressBarProps) {
  const { t } = useTranslation('portal');
  const server = useImportProgress(progressKey).data;
  let value: number;
  let label: string;
  if (uploaded < 1 && !server) {
    value = Math.round(uploaded * 100);
    label = t('import.uploading', { percent: value });
  } else if (!server || server.stage === 'reading') {
    const done = server?.done ?? 0;
    value = percent(done, rows);
    label = t('import.readingRows', { done, total: rows });
  } else {
    const total = server.total || pets;
    value = percent(server.done, total);
    label = t('import.writingPets', { done: server.done, total });
  }
  return (
    <Box>
      <Typography id="import-progress-label">{label}</Typography>
      <LinearProgress
        variant="determinate"
        value={value}
        aria-labelledby="import-progress-label"
        aria-valuetext={label}
        data-testid="import-progress"
      />
    </Box>
  );
}
