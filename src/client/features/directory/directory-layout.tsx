import type { ReactNode } from 'react';
import { Box, Typography } from '@mui/material';
import { PageLayout } from '#client/components/page/page-layout';
import { BackButton } from '#client/components/page/back-link';

interface DirectoryLayoutProps {
  /** h1 and document title, e.g. "Available Pet Sitters" */
  title: string;
  intro?: string;
  /** filters drawn under the title (country dropdown, pet-type buttons) */
  filters?: ReactNode;
  children: ReactNode;
}

/**
 * The one layout of every public listing (adoption, lost, the five provider kinds, shelters):
 * header with logo and Back to /, title, filters, content, and a Back button to /.
 */
export function DirectoryLayout({ title, intro, filters, children }: DirectoryLayoutProps) {
  return (
    <PageLayout title={title} back={{ to: '/' }}>
      <Box sx={{ display: 'grid', gap: 2, mb: 3 }}>
        <Typography
          component="h1"
          variant="h1"
          sx={{ fontSize: { xs: '1.625rem', md: '2.125rem' }, color: 'primary.main' }}
        >
          {title}
        </Typography>
        {intro && <Typography sx={{ color: 'text.secondary', maxWidth: 720 }}>{intro}</Typography>}
        {filters}
      </Box>
      {children}
      <Box sx={{ mt: 4, display: 'flex', justifyContent: 'center' }}>
        <BackButton target={{ to: '/' }} />
      </Box>
    </PageLayout>
  );
}
