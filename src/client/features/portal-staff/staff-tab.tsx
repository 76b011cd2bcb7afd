import { useState, type ReactNode } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  Chip,
  CircularProgress,
  FormControlLabel,
  MenuItem,
  Stack,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
  useMediaQuery,
} from '@mui/material';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import { useTranslation } from 'react-i18next';
import type { StaffMember } from '#shared/contract/staff';
import { MOBILE_BREAKPOINT_PX } from '#shared/constants';
import { STAFF_ROLES, type StaffRole } from '#shared/staff-roles';
import { useRequireTwoFactor, useSendStaffReset, useStaff, useUpdateStaff } from '#client/api/portal-staff';
import { usePortalState } from '#client/api/portal-session';
import { formatDateTime } from '#client/components/format/dates';
import { ErrorLine } from '#client/components/states/error-line';
import { InviteDialog } from '#client/features/portal-staff/invite-dialog';
import { UserText } from '#client/components/i18n/bidi';
import { useVetClinic } from '#client/api/portal-clinic';
import { ClinicContactForm } from '#client/features/portal-staff/clinic-contact-form';

/** One row of a staff card's facts: a label and its value (an address reads left to right in every language). */
function CardFact({ label, ltr = false, children }: { label: string; ltr?: boolean; children: ReactNode }) {
  return (
    <>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography
        component="dd"
        variant="body2"
        dir={ltr ? 'ltr' : undefined}
        sx={{ m: 0, overflowWrap: 'anywhere', textAlign: 'start' }}
      >
        {children}
      </Typography>
    </>
  );
}

/**
 * The Staff tab (issue 31; admins only, as the server enforces): everyone on the clinic's staff with their role,
 * address, state, two-factor and last sign-in; invite, change a role, deactivate or activate, send a link for a new
 * password or PIN, and require two-factor sign-in of everyone; the clinic's contact settings (issue 33).
 */
export default function StaffTab() {
  const { t, i18n } = useTranslation('staff');
  const staff = useStaff();
  const update = useUpdateStaff();
  const reset = useSendStaffReset();
  const requireTwoFactor = useRequireTwoFactor();
  const { selectedUserId } = usePortalState();
  const clinic = useVetClinic();
  const [inviting, setInviting] = useState(false);
  const [done, setDone] = useState('');
  const wide = useMediaQuery(`(min-width:${MOBILE_BREAKPOINT_PX}px)`, { noSsr: true });
  const failure = update.error ?? reset.error ?? requireTwoFactor.error ?? staff.error;

  const change = (person: StaffMember, changes: { role?: StaffRole; active?: boolean }) => {
    setDone('');
    update.mutate(
      { userId: person.ID, role: changes.role ?? person.role, active: changes.active ?? person.active },
      { onSuccess: () => setDone(t('staffTab.saved', { name: person.Name })) },
    );
  };
  const sendReset = (person: StaffMember, what: 'password' | 'pin') => {
    setDone('');
    reset.mutate(
      { userId: person.ID, reset: what },
      { onSuccess: () => setDone(t(`staffTab.${what}LinkSent`, { name: person.Name })) },
    );
  };
  const stateOf = (p: StaffMember) => (p.invited ? 'invited' : p.active ? 'active' : 'inactive');
  const people = staff.data?.staff ?? [];

  // each person's pieces, the same in the desk's table and the phone's cards
  const roleSelect = (person: StaffMember, labelled = false) => (
    <TextField
      select
      size="small"
      fullWidth={labelled}
      label={labelled ? t('staffTab.role') : undefined}
      value={person.role}
      disabled={update.isPending}
      onChange={(e) => change(person, { role: e.target.value as StaffRole })}
      slotProps={{ htmlInput: { 'aria-label': t('staffTab.roleOf', { name: person.Name }) } }}
    >
      {STAFF_ROLES.map((role) => (
        <MenuItem key={role} value={role}>
          {t(`roles.${role}`)}
        </MenuItem>
      ))}
    </TextField>
  );
  const stateChip = (person: StaffMember) => <Chip size="small" label={t(`staffTab.states.${stateOf(person)}`)} />;
  const twoFactorText = (person: StaffMember) => (person.twoFactor ? t('staffTab.on') : t('staffTab.off'));
  const lastSignInText = (person: StaffMember) =>
    person.lastSignInAt ? formatDateTime(person.lastSignInAt, i18n.language) : t('staffTab.never');
  const actions = (person: StaffMember) => (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
      {person.ID !== selectedUserId && (
        <Button size="small" disabled={update.isPending} onClick={() => change(person, { active: !person.active })}>
          {person.active ? t('staffTab.deactivate') : t('staffTab.activate')}
        </Button>
      )}
      {person.active && !person.invited && person.email !== '' && (
        <>
          <Button size="small" disabled={reset.isPending} onClick={() => sendReset(person, 'password')}>
            {t('staffTab.sendPasswordLink')}
          </Button>
          <Button size="small" disabled={reset.isPending} onClick={() => sendReset(person, 'pin')}>
            {t('staffTab.sendPinLink')}
          </Button>
        </>
      )}
    </Stack>
  );

  return (
    <Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, mb: 2 }}>
        <Typography component="h1" variant="h2" sx={{ flexGrow: 1 }}>
          {t('staffTab.heading')}
        </Typography>
        <Button variant="contained" color="secondary" startIcon={<PersonAddIcon />} onClick={() => setInviting(true)}>
          {t('staffTab.invite')}
        </Button>
      </Stack>
      {failure && <ErrorLine plain message={failure.message} sx={{ mb: 1 }} />}
      {done && (
        <Alert severity="success" role="status" sx={{ mb: 1 }} onClose={() => setDone('')}>
          {done}
        </Alert>
      )}
      {clinic.data && <ClinicContactForm clinic={clinic.data} onSaved={() => setDone(t('clinicContact.saved'))} />}
      {staff.data && (
        <FormControlLabel
          sx={{ mb: 1 }}
          control={
            <Switch
              checked={staff.data.requireTwoFactor}
              disabled={requireTwoFactor.isPending}
              onChange={(e) => requireTwoFactor.mutate(e.target.checked)}
            />
          }
          label={t('staffTab.requireTwoFactor')}
        />
      )}
      {staff.isPending ? (
        <CircularProgress aria-label={t('loading')} />
      ) : wide ? (
        <TableContainer>
          <Table size="small" aria-label={t('staffTab.heading')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('staffTab.name')}</TableCell>
                <TableCell>{t('staffTab.role')}</TableCell>
                <TableCell>{t('staffTab.email')}</TableCell>
                <TableCell>{t('staffTab.state')}</TableCell>
                <TableCell>{t('staffTab.twoFactor')}</TableCell>
                <TableCell>{t('staffTab.lastSignIn')}</TableCell>
                <TableCell>{t('staffTab.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {people.map((person) => (
                <TableRow key={person.ID}>
                  <TableCell>
                    <UserText>{person.Name}</UserText>
                  </TableCell>
                  <TableCell>{roleSelect(person)}</TableCell>
                  <TableCell dir="ltr">{person.email}</TableCell>
                  <TableCell>{stateChip(person)}</TableCell>
                  <TableCell>{twoFactorText(person)}</TableCell>
                  <TableCell>{lastSignInText(person)}</TableCell>
                  <TableCell>{actions(person)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      ) : (
        // On a phone the seven columns were squeezed to a word a line: each person is a card of labelled lines.
        <Stack component="ul" spacing={1.5} aria-label={t('staffTab.heading')} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {people.map((person) => (
            <Card component="li" variant="outlined" key={person.ID} aria-label={person.Name} sx={{ p: 2 }}>
              <Stack
                direction="row"
                spacing={1}
                sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1.5 }}
              >
                <Typography component="h2" variant="h6" data-testid="staff-name" sx={{ overflowWrap: 'anywhere' }}>
                  <UserText>{person.Name}</UserText>
                </Typography>
                {stateChip(person)}
              </Stack>
              {roleSelect(person, true)}
              <Box
                component="dl"
                sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5, my: 1.5 }}
              >
                <CardFact label={t('staffTab.email')} ltr>
                  {person.email}
                </CardFact>
                <CardFact label={t('staffTab.twoFactor')}>{twoFactorText(person)}</CardFact>
                <CardFact label={t('staffTab.lastSignIn')}>{lastSignInText(person)}</CardFact>
              </Box>
              {actions(person)}
            </Card>
          ))}
        </Stack>
      )}
      {inviting && (
        <InviteDialog
          onClose={() => setInviting(false)}
          onInvited={(name) => setDone(t('staffTab.invited', { name }))}
        />
      )}
    </Box>
  );
}
