import { Box, Typography } from '@mui/material';
import SupportAgent from '@mui/icons-material/SupportAgent';
import Storefront from '@mui/icons-material/Storefront';
import HomeWork from '@mui/icons-material/HomeWork';
import { useTranslation } from 'react-i18next';
import { runtimeConfig } from '#client/api/runtime-config';
import { PageLayout } from '#client/components/page/page-layout';
import { HomeAnchorButton, HomeLinkButton } from '#client/components/page/home-buttons';
import { HomeLoading } from '#client/features/home/home-loading';
import { PetIdSearch } from '#client/components/search/pet-id-search';
import { HomeTiles } from '#client/features/home/home-tiles';
import { PremiumFeatures } from '#client/features/home/premium-features';
import { visuallyHidden } from '#client/components/page/visually-hidden';

/** Home (/): logo, tagline, store links, public-ID search, tiles, support, premium features, shop. */
export default function HomePage() {
  const { t } = useTranslation(['home', 'common']);
  const config = runtimeConfig();

  return (
    <PageLayout hideHeaderLogo>
      <HomeLoading />
      <Box
        component="section"
        aria-labelledby="home-heading"
        sx={{
          textAlign: 'center',
          display: 'grid',
          gridTemplateColumns: 'minmax(0, 1fr)',
          justifyItems: 'center',
          gap: 2,
          py: { xs: 3, md: 6 },
          px: 2,
          mb: { xs: 3, md: 5 },
          borderRadius: '28px',
          background: 'linear-gradient(160deg, rgba(0,105,95,0.10) 0%, rgba(245,158,11,0.10) 100%)',
        }}
      >
        <Box
          component="img"
          src="/logo.svg"
          alt=""
          width={88}
          height={88}
          sx={{ borderRadius: '22px', boxShadow: '0 8px 24px rgba(0, 61, 51, 0.25)' }}
        />
        <Typography
          id="home-heading"
          component="h1"
          variant="h1"
          sx={{ fontSize: { xs: '2.25rem', md: '3rem' }, fontWeight: 800, color: 'primary.main', lineHeight: 1.1 }}
        >
          {config.appName}
        </Typography>
        <Typography sx={{ fontSize: { xs: '1.125rem', md: '1.375rem' }, color: 'text.secondary', maxWidth: 560 }}>
          {t('tagline')}
        </Typography>
        <PetIdSearch />
        <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'center', gap: 1.5, mt: 1 }}>
          <a href={config.appStoreUrl} target="_blank" rel="noopener noreferrer">
            <Box
              component="img"
              src="/badges/app-store.svg"
              alt={t('stores.appStore')}
              width={150}
              height={44}
              sx={badgeSx}
            />
          </a>
          <a href={config.playStoreUrl} target="_blank" rel="noopener noreferrer">
            <Box
              component="img"
              src="/badges/google-play.svg"
              alt={t('stores.playStore')}
              width={150}
              height={44}
              sx={badgeSx}
            />
          </a>
        </Box>
      </Box>

      <HomeTiles />

      <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'center', gap: 1.5, mt: 3 }}>
        <HomeLinkButton to="/AnimalHouse" tone="text">
          <HomeWork aria-hidden />
          {t('shelters')}
        </HomeLinkButton>
        <HomeLinkButton to="/support" tone="outlined">
          <SupportAgent aria-hidden />
          {t('support')}
        </HomeLinkButton>
      </Box>

      <PremiumFeatures />

      <Box
        component="section"
        aria-labelledby="shop-heading"
        sx={{
          textAlign: 'center',
          p: { xs: 3, md: 5 },
          borderRadius: '28px',
          bgcolor: 'primary.main',
          color: 'primary.contrastText',
          display: 'grid',
          justifyItems: 'center',
          gap: 2,
        }}
      >
        <Typography id="shop-heading" component="h2" variant="h2">
          {t('shop.heading')}
        </Typography>
        <Typography sx={{ maxWidth: 520, opacity: 0.92 }}>{t('shop.text')}</Typography>
        <HomeAnchorButton
          href={config.shopUrl}
          target="_blank"
          rel="noopener noreferrer"
          tone="bright"
          sx={{ minHeight: 48, px: 3, fontSize: '1rem' }}
        >
          <Storefront aria-hidden />
          {t('shop.button')}
          <Box component="span" sx={visuallyHidden}>
            {t('common:opensInNewTab')}
          </Box>
        </HomeAnchorButton>
      </Box>
    </PageLayout>
  );
}

const badgeSx = { display: 'block', width: { xs: 136, sm: 150 }, height: 'auto' } as const;
