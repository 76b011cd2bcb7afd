import type { ReactNode } from 'react';
import { Box, Button, GlobalStyles, Link, Stack, Typography } from '@mui/material';
import ArrowBack from '@mui/icons-material/ArrowBack';
import PrintOutlined from '@mui/icons-material/PrintOutlined';
import { Link as RouterLink } from 'react-router-dom';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { runtimeConfig } from '#client/api/runtime-config';

/** A QR code of `text` as SVG markup (the qrcode package, in its own chunk), made on the server for the first paint. */
export const qrSvgQuery = (text: string) =>
  queryOptions({
    queryKey: ['qr-svg', text] as const,
    queryFn: async () =>
      (await import('qrcode')).toString(text, {
        type: 'svg',
        margin: 1,
        errorCorrectionLevel: 'M',
        color: { dark: '#000000', light: '#ffffff' },
      }),
    staleTime: Infinity,
  });

/** The QR code's markup, or nothing while `text` is empty. */
export function useQrSvg(text: string) {
  return useQuery({ ...qrSvgQuery(text), enabled: text !== '' });
}

// The sheet fits both A4 (210 × 297 mm) and US Letter (215.9 × 279.4 mm) inside 10 mm margins.
const printStyles = (
  <GlobalStyles
    styles={{
      '@page': { margin: '10mm' },
      '@media print': {
        'html, body': { background: '#fff !important' },
        '.flyer-sheet': {
          boxShadow: 'none !important',
          border: 'none !important',
          margin: '0 !important',
          padding: '0 !important',
          width: '190mm !important',
          minHeight: 'auto !important',
        },
      },
    }}
  />
);

interface FlyerFrameProps {
  back: { to: string; label: string };
  /** the Print button's text; null: nothing to print (the sheet says why) */
  printLabel: string | null;
  /** under the sheet, before the link home */
  hint: string;
  children: ReactNode;
}

/**
 * The frame of a printable flyer (a lost pet's, a found pet's): a page-sized white sheet with Back and Print above it
 * and a line home under it, neither printed.
 */
export function FlyerFrame({ back, printLabel, hint, children }: FlyerFrameProps) {
  return (
    <Box
      component="main"
      id="main"
      sx={{
        bgcolor: '#eceff1',
        minHeight: '100vh',
        py: { xs: 2, sm: 4 },
        px: 1,
        color: '#000',
        printColorAdjust: 'exact',
        WebkitPrintColorAdjust: 'exact',
        '@media print': { bgcolor: '#fff', p: 0 },
      }}
    >
      {printStyles}
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'center', mb: 2, displayPrint: 'none' }}>
        <Button
          component={RouterLink}
          to={back.to}
          startIcon={
            <ArrowBack sx={{ transform: (theme) => (theme.direction === 'rtl' ? 'scaleX(-1)' : undefined) }} />
          }
          variant="outlined"
          sx={{ bgcolor: '#fff' }}
        >
          {back.label}
        </Button>
        {printLabel && (
          <Button variant="contained" startIcon={<PrintOutlined />} onClick={() => window.print()}>
            {printLabel}
          </Button>
        )}
      </Stack>
      <Box
        className="flyer-sheet"
        sx={{
          bgcolor: '#fff',
          color: '#000',
          mx: 'auto',
          width: '100%',
          maxWidth: '210mm',
          minHeight: { sm: '279mm' },
          p: { xs: 2, sm: '10mm' },
          boxShadow: 3,
          boxSizing: 'border-box',
        }}
      >
        {children}
      </Box>
      <Typography sx={{ textAlign: 'center', mt: 2, color: 'text.secondary', displayPrint: 'none' }}>
        {hint}{' '}
        <Link component={RouterLink} to="/" underline="always">
          {runtimeConfig().appName}
        </Link>
      </Typography>
    </Box>
  );
}
