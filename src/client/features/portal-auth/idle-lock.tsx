import { useEffect, useRef, useState } from 'react';
import {
  Box,
  Button,
  Dialog,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Paper,
  Stack,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { VetUser } from '#shared/contract/vet';
import { runtimeConfig } from '#client/api/runtime-config';
import { PinForm } from '#client/features/portal-auth/pin-form';

const LOCKED_KEY = 'pawtal.portal.locked';
/** What counts as someone at the desk. */
const ACTIVITY = ['pointerdown', 'keydown', 'wheel', 'touchstart', 'pointermove'] as const;
const CHECK_EVERY_MS = 5_000;

function storedLock(): boolean {
  try {
    return window.sessionStorage.getItem(LOCKED_KEY) === '1';
  } catch {
    return false;
  }
}

function storeLock(locked: boolean): void {
  try {
    if (locked) window.sessionStorage.setItem(LOCKED_KEY, '1');
    else window.sessionStorage.removeItem(LOCKED_KEY);
  } catch {
    // a browser without storage locks this page only
  }
}

/**
 * The idle lock of a shared desk (issue 31): after VET_IDLE_LOCK_MINUTES without a key or pointer, the portal covers
 * itself with "Who is working?"; a person's PIN lifts it and makes them the acting person. It is a dialog over the
 * dashboard, which stays mounted behind it: the session, and any open dialog's unsaved edits, are kept. A reload
 * keeps the lock (the tab's session storage).
 */
export function IdleLock({ users, onLogout }: { users: readonly VetUser[]; onLogout: () => void }) {
  const { t } = useTranslation('staff');
  const [locked, setLocked] = useState(storedLock);
  const [chosen, setChosen] = useState<VetUser | null>(null);
  const lastActivity = useRef(0);

  useEffect(() => {
    const minutes = runtimeConfig().idleLockMinutes ?? 10;
    lastActivity.current = Date.now();
    const seen = () => {
      lastActivity.current = Date.now();
    };
    for (const event of ACTIVITY) window.addEventListener(event, seen, { passive: true, capture: true });
    const timer = window.setInterval(() => {
      if (Date.now() - lastActivity.current >= minutes * 60_000) {
        storeLock(true);
        setLocked(true);
      }
    }, CHECK_EVERY_MS);
    return () => {
      window.clearInterval(timer);
      for (const event of ACTIVITY) window.removeEventListener(event, seen, { capture: true });
    };
  }, []);

  const unlock = () => {
    storeLock(false);
    lastActivity.current = Date.now();
    setChosen(null);
    setLocked(false);
  };

  return (
    <Dialog open={locked} fullScreen aria-labelledby="idle-lock-title">
      <Box sx={{ minHeight: '100%', display: 'grid', placeItems: 'center', p: 2 }}>
        <Paper sx={{ p: { xs: 3, sm: 4 }, width: '100%', maxWidth: 420 }}>
          <Stack spacing={2}>
            <Typography id="idle-lock-title" component="h1" variant="h2">
              {t('lock.title')}
            </Typography>
            {chosen ? (
              <>
                <Typography>{t('lock.pinFor', { name: chosen.Name })}</Typography>
                <PinForm
                  userId={chosen.ID}
                  submitLabel={t('lock.unlock')}
                  onDone={unlock}
                  onCancel={() => setChosen(null)}
                />
              </>
            ) : (
              <>
                <Typography>{t('lock.intro')}</Typography>
                <List aria-label={t('lock.people')}>
                  {users.map((u) => (
                    <ListItem key={u.ID} disablePadding>
                      <ListItemButton onClick={() => setChosen(u)}>
                        <ListItemText primary={u.Name} secondary={t(`roles.${u.Role}`)} />
                      </ListItemButton>
                    </ListItem>
                  ))}
                </List>
              </>
            )}
            <Button onClick={onLogout}>{t('lock.logout')}</Button>
          </Stack>
        </Paper>
      </Box>
    </Dialog>
  );
}
