import type { ReactElement } from 'react';
import { Box, Tab } from '@mui/material';
import { FittedTabs } from '#client/components/page/fitted-tabs';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import EmojiEventsOutlined from '@mui/icons-material/EmojiEventsOutlined';
import DirectionsRun from '@mui/icons-material/DirectionsRun';
import FavoriteBorder from '@mui/icons-material/FavoriteBorder';
import WaterDropOutlined from '@mui/icons-material/WaterDropOutlined';
import MedicalInformationOutlined from '@mui/icons-material/MedicalInformationOutlined';
import { useTranslation } from 'react-i18next';
import { useDataTitles } from '#client/components/format/data-titles';
import {
  categoryIcon,
  type CategoryIcon,
  type ProfileTab,
  type TabKey,
} from '#client/features/pet-profile/profile-tabs';

const categoryIcons: Record<CategoryIcon, ReactElement> = {
  activity: <DirectionsRun aria-hidden data-icon="activity" />,
  heart: <FavoriteBorder aria-hidden data-icon="heart" />,
  drop: <WaterDropOutlined aria-hidden data-icon="drop" />,
  default: <MedicalInformationOutlined aria-hidden data-icon="default" />,
};

export const tabId = (key: TabKey) => `profile-tab-${key}`;
export const PANEL_ID = 'profile-tab-panel';

/**
 * On a phone the tabs wrap onto more lines, each whole, the chosen one underlined: a row scrolling sideways cut the
 * labels at its edges (issue 36, item 9). CSS only, so the server's render is already right.
 */
const WRAP_ON_PHONE = {
  '@media (max-width: 599.95px)': {
    '& .MuiTabs-scroller': { overflow: 'visible !important' },
    '& .MuiTabs-list': { flexWrap: 'wrap' },
    '& .MuiTabs-scrollButtons, & .MuiTabs-indicator': { display: 'none' },
    '& .MuiTab-root': { minHeight: 48, px: 1.5, flexGrow: 1, borderBottom: 2, borderColor: 'transparent' },
    '& .MuiTab-root.Mui-selected': { borderColor: 'primary.main' },
  },
} as const;

/** The tab row: About, Skills, then the wellness categories with their icons. */
export function ProfileTabsView({
  tabs,
  value,
  onChange,
}: {
  tabs: ProfileTab[];
  value: TabKey;
  onChange: (key: TabKey) => void;
}) {
  const { t } = useTranslation('pet');
  const titles = useDataTitles();
  return (
    <Box sx={{ borderBottom: 1, borderColor: 'divider' }}>
      <FittedTabs
        value={value}
        onChange={(_e, key: TabKey) => onChange(key)}
        aria-label={t('tabs.label')}
        sx={WRAP_ON_PHONE}
      >
        {tabs.map((tab) => {
          const label =
            tab.key === 'about'
              ? t('tabs.about')
              : tab.key === 'skills'
                ? t('tabs.skills')
                : 'category' in tab
                  ? titles.category(tab.category.id, tab.category.title)
                  : '';
          const icon =
            tab.key === 'about' ? (
              <InfoOutlined aria-hidden />
            ) : tab.key === 'skills' ? (
              <EmojiEventsOutlined aria-hidden />
            ) : 'category' in tab ? (
              categoryIcons[categoryIcon(tab.category.id)]
            ) : undefined;
          return (
            <Tab
              key={tab.key}
              value={tab.key}
              id={tabId(tab.key)}
              aria-controls={PANEL_ID}
              label={label}
              icon={icon}
              iconPosition="start"
              sx={{ minHeight: 56 }}
            />
          );
        })}
      </FittedTabs>
    </Box>
  );
}
