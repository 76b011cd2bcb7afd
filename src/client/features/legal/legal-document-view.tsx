import { useEffect, useState } from 'react';
import { Box, Skeleton, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { LegalKind } from '#shared/contract/legal';
import { legalDocumentQuery, useLegalDocument } from '#client/api/legal-queries';
import type { PagePrefetch } from '#client/api/page-data';
import { PageLayout } from '#client/components/page/page-layout';
import { EmptyState } from '#client/components/states/empty-state';
import { ErrorLine, errorMessage } from '#client/components/states/error-line';
import { sanitizeLegalHtml } from '#client/features/legal/sanitize';

/** The server's HTML, sanitised (DOMPurify is loaded with this page only). */
function useSanitizedHtml(html: string | undefined): string | null {
  const [result, setResult] = useState<{ source: string; clean: string } | null>(null);
  useEffect(() => {
    if (html === undefined) return;
    let cancelled = false;
    void sanitizeLegalHtml(html).then((clean) => {
      if (!cancelled) setResult({ source: html, clean });
    });
    return () => {
      cancelled = true;
    };
  }, [html]);
  return result && result.source === html ? result.clean : null;
}

function LoadingDocument({ label }: { label: string }) {
  return (
    <Stack spacing={1.5} role="status" aria-label={label} aria-busy="true">
      {[90, 100, 95, 70, 100, 85].map((w, i) => (
        <Skeleton key={i} variant="text" width={`${w}%`} />
      ))}
    </Stack>
  );
}

const proseSx = {
  lineHeight: 1.7,
  overflowWrap: 'anywhere',
  // The document's own title, when it has one, is the page's heading.
  '& h1': { fontSize: { xs: '1.75rem', md: '2rem' }, fontWeight: 700, mt: 0, mb: 2 },
  '& h2': { fontSize: '1.25rem', mt: 3, mb: 1 },
  '& h3': { fontSize: '1.1rem', mt: 2, mb: 1 },
  '& p, & ul, & ol': { mt: 0, mb: 1.5 },
  '& a': { color: 'primary.main' },
  '& table': { borderCollapse: 'collapse', display: 'block', overflowX: 'auto' },
  '& td, & th': { border: 1, borderColor: 'divider', p: 1 },
} as const;

/** What a legal page's first render reads: its document in the page's language. */
export function prefetchLegalDocument(kind: LegalKind): PagePrefetch {
  return async ({ client, language }) => {
    await client.prefetchQuery(legalDocumentQuery(kind, language));
  };
}

/** A legal page: heading, the sanitised server HTML, a loading state and "Error: {message}". */
export function LegalDocumentView({ kind }: { kind: LegalKind }) {
  const { t, i18n } = useTranslation('legal');
  const doc = useLegalDocument(kind, i18n.resolvedLanguage ?? i18n.language);
  const clean = useSanitizedHtml(doc.data?.htmlContent);

  let body;
  if (doc.isError) body = <ErrorLine message={errorMessage(doc.error)} />;
  else if (doc.isPending || clean === null) body = <LoadingDocument label={t('loading')} />;
  else if (clean.trim() === '') body = <EmptyState message={t('empty')} />;
  else body = <Box data-testid="legal-html" sx={proseSx} dangerouslySetInnerHTML={{ __html: clean }} />;
  // One h1 per page: the document's own title when it has one, else ours.
  const documentHasTitle = clean !== null && /<h1[\s>]/i.test(clean);

  return (
    <PageLayout title={t(`${kind}.pageTitle`)} back={{ to: '/' }} maxWidth="md">
      <Box
        component="article"
        aria-label={t(`${kind}.heading`)}
        sx={{ bgcolor: 'background.paper', borderRadius: '16px', p: { xs: 2, md: 4 } }}
      >
        {!documentHasTitle && (
          <Typography variant="h1" sx={{ mb: 3 }}>
            {t(`${kind}.heading`)}
          </Typography>
        )}
        {body}
      </Box>
    </PageLayout>
  );
}
