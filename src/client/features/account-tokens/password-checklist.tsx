import { List, ListItem, ListItemIcon, ListItemText, Typography } from '@mui/material';
import CheckCircle from '@mui/icons-material/CheckCircle';
import Cancel from '@mui/icons-material/Cancel';
import { useTranslation } from 'react-i18next';
import type { ResetChecklist } from '#client/features/account-tokens/reset-rules';
import { visuallyHidden } from '#client/components/page/visually-hidden';

function Line({ passed, text }: { passed: boolean; text: string }) {
  const { t } = useTranslation('account');
  return (
    <ListItem
      disableGutters
      dense
      data-passed={passed}
      sx={{ color: passed ? 'success.main' : 'error.main', py: 0.25 }}
    >
      <ListItemIcon sx={{ minWidth: 32, color: 'inherit' }}>
        {passed ? <CheckCircle fontSize="small" aria-hidden /> : <Cancel fontSize="small" aria-hidden />}
      </ListItemIcon>
      <ListItemText
        primary={
          <>
            {text}
            {/* The state in words too, not by colour alone. */}
            <Typography component="span" sx={visuallyHidden}>
              {` (${passed ? t('checklist.passed') : t('checklist.failed')})`}
            </Typography>
          </>
        }
        slotProps={{ primary: { sx: { color: 'inherit', fontWeight: 500 } } }}
      />
    </ListItem>
  );
}

/** Green/red checklist of the password rules (icon, text and a spoken state for each line). */
export function PasswordChecklist({ checklist, id }: { checklist: ResetChecklist; id?: string }) {
  const { t } = useTranslation('account');
  return (
    <List id={id} aria-label={t('checklist.label')} sx={{ py: 0 }}>
      {checklist.rules.map((rule) => (
        <Line key={rule.id} passed={rule.passed} text={t(rule.messageKey)} />
      ))}
      <Line passed={checklist.matches} text={t('password.match')} />
    </List>
  );
}
