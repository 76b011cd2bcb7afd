import { useState } from 'react';
import { Button, Menu, MenuItem } from '@mui/material';
import PersonIcon from '@mui/icons-material/Person';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import { useTranslation } from 'react-i18next';
import type { VetUser } from '#shared/contract/vet';
import { UserText } from '#client/components/i18n/bidi';

/** The acting staff user: "Select User" or the user's Name; a menu of users that closes on outside click. */
export function UserSelector({
  users,
  selectedId,
  onSelect,
}: {
  users: readonly VetUser[];
  selectedId: number | null;
  onSelect: (id: number) => void;
}) {
  const { t } = useTranslation('portal');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const selected = users.find((u) => u.ID === selectedId);
  return (
    <>
      <Button
        id="user-selector"
        color="inherit"
        variant="outlined"
        startIcon={<PersonIcon />}
        endIcon={<ArrowDropDownIcon />}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? 'user-menu' : undefined}
        aria-label={t('user.label', { name: selected?.Name ?? t('user.select') })}
        onClick={(e) => setAnchor(e.currentTarget)}
        sx={{
          maxWidth: 220,
          minWidth: 0,
          flexShrink: 1,
          '& .MuiButton-endIcon, & .MuiButton-startIcon': { flexShrink: 0 },
        }}
      >
        <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
          {selected?.Name ?? t('user.select')}
        </span>
      </Button>
      <Menu
        id="user-menu"
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        slotProps={{ list: { 'aria-labelledby': 'user-selector' } }}
      >
        {users.map((u) => (
          <MenuItem
            key={u.ID}
            selected={u.ID === selectedId}
            onClick={() => {
              onSelect(u.ID);
              setAnchor(null);
            }}
          >
            <UserText>{u.Name}</UserText>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
