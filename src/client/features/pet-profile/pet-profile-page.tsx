import { useReducer, useRef, useState } from 'react';
import { Box, Button, Skeleton, Stack } from '@mui/material';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import {
  petDetailsQuery,
  usePetDetails,
  useWellnessCategories,
  wellnessCategoriesQuery,
} from '#client/api/pet-profile-queries';
import type { PagePrefetch } from '#client/api/page-data';
import { isNotFoundAnswer } from '#client/api/client';
import { NotFound } from '#client/components/states/not-found';
import { PetIdSearch } from '#client/components/search/pet-id-search';
import { PageLayout } from '#client/components/page/page-layout';
import { useBrowserValue } from '#client/components/hooks/use-browser-value';
import { EmptyState } from '#client/components/states/empty-state';
import { ErrorLine, errorMessage } from '#client/components/states/error-line';
import { AboutTab } from '#client/features/pet-profile/about-tab';
import { FinderAnswers } from '#client/features/pet-profile/finder-answers';
import { LocationPrompt } from '#client/features/pet-profile/location-prompt';
import { LostPanel } from '#client/features/pet-profile/lost-panel';
import { PetHero } from '#client/features/pet-profile/pet-hero';
import { PrivateRecordsNote } from '#client/features/pet-profile/private-records-note';
import { activeCategory, initialTabState, profileTabs, tabReducer } from '#client/features/pet-profile/profile-tabs';
import { PANEL_ID, ProfileTabsView, tabId } from '#client/features/pet-profile/profile-tabs-view';
import { SkillsTab } from '#client/features/pet-profile/skills-tab';
import { UNKNOWN_POSITION, useVisitorLocation } from '#client/features/pet-profile/use-visitor-location';
import { WellnessTab } from '#client/features/pet-profile/wellness-tab';

function ProfileSkeleton({ label }: { label: string }) {
  return (
    <Stack spacing={2} role="status" aria-label={label} aria-busy="true">
      <Skeleton variant="rounded" height={260} />
      <Skeleton variant="rounded" height={48} />
      <Skeleton variant="rounded" height={220} />
    </Stack>
  );
}

const cameFromThisSite = () => ((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0;

/**
 * Back is history back (SPEC.md); a visitor who opened the link directly (or the server renderer) goes home instead.
 */
function useBackTarget(): { history: true } | { to: string } {
  const hasHistory = useBrowserValue(cameFromThisSite, false);
  return hasHistory ? { history: true } : { to: '/' };
}

/** The pet an address names (either id may be missing). */
function petOf(params: URLSearchParams) {
  const publicId = params.get('publicId')?.trim() ?? '';
  const petProfileId = params.get('petProfileId')?.trim() ?? '';
  return { publicId, petProfileId, named: publicId !== '' || petProfileId !== '' };
}

/**
 * What the page's first render reads: the pet (as before any position is known), then its record categories when they
 * are public.
 */
export const prefetch: PagePrefetch = async ({ client, search }) => {
  const { publicId, petProfileId, named } = petOf(search);
  if (!named) return;
  const details = petDetailsQuery({ publicId, petProfileId, ...UNKNOWN_POSITION, fix: 0 });
  await client.prefetchQuery(details);
  const pet = client.getQueryData(details.queryKey);
  if (pet && !pet.isRecordsPrivate) await client.prefetchQuery(wellnessCategoriesQuery);
};

/** /Pets/Details?publicId=…&petProfileId=…&isFrom=Home|Adoption|Lost (SPEC.md §2 "Pet profile page"). */
export default function PetProfilePage() {
  const { t } = useTranslation('pet');
  const [params] = useSearchParams();
  const { publicId, petProfileId, named } = petOf(params);
  const adoptionMode = params.get('isFrom') === 'Adoption';

  const [lostOpen, setLostOpen] = useState(false);
  const lostButtonRef = useRef<HTMLButtonElement>(null);
  const [tabState, dispatch] = useReducer(tabReducer, initialTabState);
  const back = useBackTarget();

  // The pet is loaded first with 0,0; a lost pet's page then asks for the position (once).
  const location = useVisitorLocation(publicId || petProfileId);
  const details = usePetDetails({ publicId, petProfileId, ...location.position, fix: location.fix }, named);
  const pet = details.data;
  const promptOpen = Boolean(pet?.isLost) && !adoptionMode && !location.asked;

  const categories = useWellnessCategories(Boolean(pet) && !pet?.isRecordsPrivate);
  const tabs = profileTabs(pet?.isRecordsPrivate ?? true, categories.data);
  const tabKey = tabs.some((tab) => tab.key === tabState.tab) ? tabState.tab : 'about';
  const category = activeCategory(tabs, tabKey);

  const notFound = details.isError && !pet && isNotFoundAnswer(details.error);
  const title = pet ? t('pageTitle', { name: pet.petName }) : notFound ? t('common:notFound.title') : t('defaultTitle');
  const closeLost = () => {
    setLostOpen(false);
    lostButtonRef.current?.focus();
  };

  let body;
  if (!named) {
    body = (
      <EmptyState
        message={t('missingId')}
        action={
          <Button component={RouterLink} to="/" variant="contained">
            {t('searchHome')}
          </Button>
        }
      />
    );
  } else if (notFound) {
    body = (
      <NotFound message={t('common:notFound.pet')}>
        <PetIdSearch />
      </NotFound>
    );
  } else if (details.isError && !pet) {
    body = <ErrorLine message={errorMessage(details.error)} />;
  } else if (!pet) {
    body = <ProfileSkeleton label={t('loading')} />;
  } else {
    const showLostPanel = lostOpen && pet.isLost && !adoptionMode;
    const answers = (
      <FinderAnswers
        petName={pet.petName}
        ownerNotified={pet.ownerNotified}
        problem={location.problem}
        onDismissProblem={location.dismissProblem}
      />
    );
    body = (
      <Stack spacing={3}>
        <PetHero
          pet={pet}
          adoptionMode={adoptionMode}
          lostOpen={lostOpen}
          onOpenLost={() => setLostOpen(true)}
          lostButtonRef={lostButtonRef}
        />
        {!showLostPanel && answers}
        {showLostPanel && (
          <Box id="lost-panel">
            <LostPanel
              petName={pet.petName}
              publicId={pet.publicId}
              details={pet.lostPetDetails}
              onClose={closeLost}
              onHelpFind={location.askAgain}
              answers={answers}
            />
          </Box>
        )}
        {pet.isRecordsPrivate && <PrivateRecordsNote petName={pet.petName} />}
        <Box>
          <ProfileTabsView tabs={tabs} value={tabKey} onChange={(key) => dispatch({ type: 'tab', tab: key })} />
          <Box id={PANEL_ID} role="tabpanel" aria-labelledby={tabId(tabKey)} sx={{ pt: 3 }}>
            {tabKey === 'about' && <AboutTab pet={pet} />}
            {tabKey === 'skills' && <SkillsTab skills={pet.petSkills} />}
            {category && (
              <WellnessTab
                key={category.id}
                petId={pet.petId}
                publicId={pet.publicId}
                category={category}
                typeId={tabState.typeId}
                onTypeChange={(typeId) => dispatch({ type: 'record-type', typeId })}
              />
            )}
          </Box>
        </Box>
      </Stack>
    );
  }

  return (
    <PageLayout title={title} back={back} maxWidth="lg">
      {body}
      <LocationPrompt open={promptOpen} onAllow={location.allow} onDecline={location.decline} />
    </PageLayout>
  );
}
