import { Card, CardContent, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { PetSkill } from '#shared/contract/pets';
import { CardGrid } from '#client/components/lists/card-grid';
import { EmptyState } from '#client/components/states/empty-state';
import { ImageWithFallback } from '#client/components/media/image-with-fallback';
import { useDataTitles } from '#client/components/format/data-titles';

/** Skills: a grid of cards with the skill's image and title. */
export function SkillsTab({ skills }: { skills: PetSkill[] }) {
  const { t } = useTranslation('pet');
  const titles = useDataTitles();
  return (
    <section aria-labelledby="skills-heading">
      <Typography id="skills-heading" variant="h2" sx={{ mb: 2 }}>
        {t('skills.heading')}
      </Typography>
      {skills.length === 0 ? (
        <EmptyState message={t('skills.empty')} />
      ) : (
        <CardGrid variant="pet" label={t('skills.heading')}>
          {skills.map((skill) => (
            <Card key={skill.id} sx={{ width: '100%' }}>
              <ImageWithFallback src={skill.image} alt="" sx={{ aspectRatio: '1 / 1', objectFit: 'contain', p: 2 }} />
              <CardContent>
                <Typography variant="h3" component="h3" sx={{ fontSize: '1rem', textAlign: 'center' }}>
                  {titles.skill(skill.id, skill.title)}
                </Typography>
              </CardContent>
            </Card>
          ))}
        </CardGrid>
      )}
    </section>
  );
}
