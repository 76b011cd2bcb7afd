import type { ReactNode } from 'react';
import { Box, Container, type Breakpoint } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { runtimeConfig } from '#client/api/runtime-config';
import { AppLogo } from '#client/components/page/app-logo';
import { BackLink, type BackTarget } from '#client/components/page/header-back-link';
import { LanguageSwitcher } from '#client/components/i18n/language-switcher';
import { ThemeToggle } from '#client/components/page/theme-toggle';
import { useDocumentTitle } from '#client/components/page/document-title';
import { TextLink } from '#client/components/page/text-link';
import { intlLocale } from '#shared/languages';
import { numberFormat } from '#client/components/format/intl-formats';

export interface PageLayoutProps {
  /** the page's own title: the browser tab shows "{title} – {appName}"; omit on the home page */
  title?: string;
  /** a "Back" link in the header (always the short "Back"; a page's own BackButton can carry a longer label) */
  back?: BackTarget;
  /** width of the content column (default lg) */
  maxWidth?: Breakpoint | false;
  /** hide the logo in the header (the home page shows a large one in its hero) */
  hideHeaderLogo?: boolean;
  children: ReactNode;
}

/**
 * The frame of every public page: header (logo to /, Back, language, light/dark), one <main>
 * landmark, and the footer (Support, Privacy Policy, Terms & Conditions, Clinic login).
 */
export function PageLayout({ title, back, maxWidth = 'lg', hideHeaderLogo = false, children }: PageLayoutProps) {
  const { t } = useTranslation('common');
  useDocumentTitle(title);
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <Box
        component="a"
        href="#main"
        sx={{
          position: 'absolute',
          insetInlineStart: 8,
          top: -48,
          zIndex: 10,
          px: 2,
          py: 1,
          borderRadius: '8px',
          bgcolor: 'primary.main',
          color: 'primary.contrastText',
          '&:focus': { top: 8 },
        }}
      >
        {t('layout.skipToContent')}
      </Box>
      <Box component="header" sx={{ borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}>
        <Container
          maxWidth={maxWidth === false ? false : 'lg'}
          sx={{ display: 'flex', alignItems: 'center', gap: 1, minHeight: 64, flexWrap: 'wrap', py: 0.5 }}
        >
          {!hideHeaderLogo && <AppLogo />}
          {back && <BackLink target={{ ...back, label: undefined }} />}
          <Box sx={{ flex: 1 }} />
          <LanguageSwitcher />
          <ThemeToggle />
        </Container>
      </Box>
      <Container
        component="main"
        id="main"
        tabIndex={-1}
        maxWidth={maxWidth}
        sx={{ flex: 1, py: { xs: 2, md: 4 }, outline: 'none' }}
      >
        {children}
      </Container>
      <SiteFooter />
    </Box>
  );
}

function SiteFooter() {
  const { t, i18n } = useTranslation('common');
  const appName = runtimeConfig().appName;
  const year = numberFormat(intlLocale(i18n.language), { useGrouping: false }).format(new Date().getFullYear());
  const links = [
    { to: '/support', label: t('layout.support') },
    { to: '/PrivacyPolicy', label: t('layout.privacy') },
    { to: '/TermsAndConditions', label: t('layout.terms') },
    { to: '/Dashboard', label: t('layout.clinicLogin') },
  ];
  return (
    <Box component="footer" sx={{ borderTop: 1, borderColor: 'divider', bgcolor: 'background.paper', py: 3, mt: 4 }}>
      <Container
        maxWidth="lg"
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', justifyContent: 'space-between' }}
      >
        <Box component="nav" aria-label={t('layout.footerNav')}>
          <Box
            component="ul"
            sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexWrap: 'wrap', gap: { xs: 1, sm: 3 } }}
          >
            {links.map((l) => (
              <li key={l.to}>
                <TextLink to={l.to} sx={{ display: 'inline-block', py: 1, fontWeight: 500 }}>
                  {l.label}
                </TextLink>
              </li>
            ))}
          </Box>
        </Box>
        <Box component="p" sx={{ m: 0, color: 'text.secondary', fontSize: '0.875rem' }}>
          {t('layout.copyright', { year, appName })}
        </Box>
      </Container>
    </Box>
  );
}
