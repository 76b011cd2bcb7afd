import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
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
} from '@mui/material';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import { useTranslation } from 'react-i18next';
import type { StaffMember } from '#shared/contract/staff';
import { STAFF_ROLES, type StaffRole } from '#shared/staff-roles';
import { useRequireTwoFactor, useSendStaffReset, useStaff, useUpdateStaff } from '#client/api/portal-staff';
import { usePortalState } from '#client/api/portal-session';
import { formatDateTime } from '#client/components/format/dates';
import { ErrorLine } from '#client/components/states/error-line';
import { InviteDialog } from '#client/features/portal-staff/invite-dialog';
import { UserText } from '#client/components/i18n/bidi';
import { useVetClinic } from '#client/api/portal-clinic';
import { ClinicContactForm } from '#client/features/portal-staff/clinic-contact-form';

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
      ) : (
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
              {(staff.data?.staff ?? []).map((person) => (
                <TableRow key={person.ID}>
                  <TableCell>
                    <UserText>{person.Name}</UserText>
                  </TableCell>
                  <TableCell>
                    <TextField
                      select
                      size="small"
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
                  </TableCell>
                  <TableCell dir="ltr">{person.email}</TableCell>
                  <TableCell>
                    <Chip size="small" label={t(`staffTab.states.${stateOf(person)}`)} />
                  </TableCell>
                  <TableCell>{person.twoFactor ? t('staffTab.on') : t('staffTab.off')}</TableCell>
                  <TableCell>
                    {person.lastSignInAt ? formatDateTime(person.lastSignInAt, i18n.language) : t('staffTab.never')}
                  </TableCell>
                  <TableCell>
                    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
                      {person.ID !== selectedUserId && (
                        <Button
                          size="small"
                          disabled={update.isPending}
                          onClick={() => change(person, { active: !person.active })}
                        >
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
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
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
