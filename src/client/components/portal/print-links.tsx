import { Box, Button, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import PrintIcon from '@mui/icons-material/Print';
import VerifiedOutlined from '@mui/icons-material/VerifiedOutlined';
import { useTranslation } from 'react-i18next';

/**
 * The printouts' addresses (the routes paths.petCertificate and paths.visitSummary); kept here, off the router's entry
 * chunk.
 */
const printPaths = {
  certificate: (petProfileId: number) => `/Dashboard/Pets/${petProfileId}/Certificate`,
  visitSummary: (vetVisitId: number) => `/Dashboard/Visits/${vetVisitId}/Summary`,
};

// Printouts open in a tab of their own: the dialog stays as it was, and the session is the browser's.
const newTab = { target: '_blank', rel: 'noopener' } as const;

/** "Vaccination certificate": opens the pet's certificate to print. */
export function CertificateLink({ petProfileId }: { petProfileId: number }) {
  const { t } = useTranslation('portal');
  return (
    <Button
      component="a"
      href={printPaths.certificate(petProfileId)}
      {...newTab}
      variant="outlined"
      size="small"
      startIcon={<VerifiedOutlined />}
    >
      {t('print.certificate.open')}
    </Button>
  );
}

/** A printer icon on a visit of the history: opens that visit's summary to print. */
export function VisitSummaryIconLink({ vetVisitId, date }: { vetVisitId: number; date: string }) {
  const { t } = useTranslation('portal');
  const label = t('print.summary.openOf', { date });
  return (
    <Tooltip title={label}>
      <IconButton component="a" href={printPaths.visitSummary(vetVisitId)} {...newTab} aria-label={label} edge="end">
        <PrintIcon />
      </IconButton>
    </Tooltip>
  );
}

/**
 * The Edit Visit dialog's printouts: this visit's summary and the pet's certificate. They print
 * the visit as saved; with changes not saved yet, a line says so.
 */
export function VisitPrintLinks({
  vetVisitId,
  petProfileId,
  unsaved,
}: {
  vetVisitId: number;
  petProfileId: number;
  unsaved: boolean;
}) {
  const { t } = useTranslation('portal');
  return (
    <Box sx={{ minWidth: 0 }}>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button
          component="a"
          href={printPaths.visitSummary(vetVisitId)}
          {...newTab}
          size="small"
          startIcon={<PrintIcon />}
        >
          {t('print.summary.open')}
        </Button>
        <Button
          component="a"
          href={printPaths.certificate(petProfileId)}
          {...newTab}
          size="small"
          startIcon={<VerifiedOutlined />}
        >
          {t('print.certificate.open')}
        </Button>
      </Stack>
      {unsaved && (
        <Typography variant="caption" color="text.secondary" role="status" sx={{ display: 'block', px: 1 }}>
          {t('print.savedOnly')}
        </Typography>
      )}
    </Box>
  );
}
