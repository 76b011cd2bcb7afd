import type { ReactNode } from 'react';
import { Box } from '@mui/material';
import type { VetClinic } from '#shared/contract/vet';
import { Phone, UserText } from '#client/components/i18n/bidi';
import { useSheetTranslation } from '#client/features/portal-print/sheet-language';

/** Colours of the sheet: fixed, because paper is white whatever the screen's colour scheme. */
export const INK = { text: '#1a1a1a', muted: '#555', rule: '#b7c4c1', accent: '#0f5e57', faint: '#eef3f2' } as const;

/** The clinic's name, postal address and phone at the head of a printout, and the document's title. */
export function Letterhead({ clinic, title, subtitle }: { clinic: VetClinic; title: string; subtitle?: ReactNode }) {
  const { t } = useSheetTranslation();
  const address = clinic.address.split('\n').filter((line) => line.trim() !== '');
  return (
    <Box component="header" sx={{ borderBottom: `2px solid ${INK.accent}`, pb: '3mm', mb: '5mm' }}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start', gap: '6mm' }}>
        <Box data-testid="letterhead">
          <UserText component="div" sx={{ fontSize: '15pt', fontWeight: 700, color: INK.accent, lineHeight: 1.2 }}>
            {clinic.name}
          </UserText>
          {address.map((line, i) => (
            <UserText component="div" key={i}>
              {line}
            </UserText>
          ))}
          {clinic.phone && (
            <Box>
              {t('print.phone')} <Phone>{clinic.phone}</Phone>
            </Box>
          )}
        </Box>
        <Box sx={{ textAlign: 'end', flexShrink: 0 }}>
          <Box component="h1" sx={{ m: 0, fontSize: '17pt', fontWeight: 700, lineHeight: 1.2 }}>
            {title}
          </Box>
          {subtitle && <Box sx={{ color: INK.muted, mt: '1mm' }}>{subtitle}</Box>}
        </Box>
      </Box>
    </Box>
  );
}

/** A section of a printout with its heading; kept on one page when it fits. */
export function PrintSection({
  title,
  children,
  keepTogether = true,
}: {
  title: string;
  children: ReactNode;
  keepTogether?: boolean;
}) {
  return (
    <Box component="section" sx={{ mb: '5mm', breakInside: keepTogether ? 'avoid' : 'auto' }}>
      <Box
        component="h2"
        sx={{ m: 0, mb: '2mm', fontSize: '11.5pt', fontWeight: 700, color: INK.accent, breakAfter: 'avoid' }}
      >
        {title}
      </Box>
      {children}
    </Box>
  );
}

/** Label and value pairs, two pairs to a row. */
export function FactGrid({ facts }: { facts: ReadonlyArray<readonly [string, ReactNode]> }) {
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: 'max-content minmax(0, 1fr) max-content minmax(0, 1fr)',
        columnGap: '4mm',
        rowGap: '1.5mm',
      }}
    >
      {facts.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Box component="dt" sx={{ color: INK.muted }}>
            {label}
          </Box>
          <Box component="dd" sx={{ m: 0, fontWeight: 600, overflowWrap: 'anywhere' }}>
            {value}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

/** A table of a printout: its header repeats on each page and no row is cut between pages. */
export function PrintTable({
  label,
  columns,
  rows,
}: {
  label: string;
  columns: readonly string[];
  rows: ReadonlyArray<ReadonlyArray<ReactNode>>;
}) {
  const cell = {
    textAlign: 'start',
    verticalAlign: 'top',
    px: '2mm',
    py: '1.4mm',
    borderBottom: `1px solid ${INK.rule}`,
  } as const;
  return (
    <Box
      component="table"
      aria-label={label}
      sx={{
        width: '100%',
        borderCollapse: 'collapse',
        '& thead': { display: 'table-header-group' },
        '& tr': { breakInside: 'avoid' },
      }}
    >
      <thead>
        <tr>
          {columns.map((c) => (
            <Box
              component="th"
              scope="col"
              key={c}
              sx={{ ...cell, bgcolor: INK.faint, fontWeight: 700, borderBottom: `1.5px solid ${INK.accent}` }}
            >
              {c}
            </Box>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, i) => (
          <tr key={i}>
            {row.map((value, j) => (
              <Box component="td" key={j} sx={cell}>
                {value}
              </Box>
            ))}
          </tr>
        ))}
      </tbody>
    </Box>
  );
}

/** "Nothing recorded" in place of a table. */
export function NothingRecorded({ children }: { children: ReactNode }) {
  return <Box sx={{ color: INK.muted, fontStyle: 'italic' }}>{children}</Box>;
}
