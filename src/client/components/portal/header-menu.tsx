import { useState } from 'react';
import { Box, IconButton, ListItemIcon, Menu, MenuItem } from '@mui/material';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import LogoutIcon from '@mui/icons-material/Logout';
import { useTranslation } from 'react-i18next';
import { LanguageSwitcher } from '#client/components/i18n/language-switcher';

/** On phones the portal header keeps one row: the language and "Log out" sit in this menu. */
export function HeaderMenu({ onLogout }: { onLogout: () => void }) {
  const { t } = useTranslation('portal');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <IconButton
        id="portal-header-menu"
        aria-label={t('headerMenu')}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? 'portal-header-menu-list' : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        <MoreVertIcon />
      </IconButton>
      <Menu
        id="portal-header-menu-list"
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        slotProps={{ list: { 'aria-labelledby': 'portal-header-menu' } }}
      >
        {/* a focusable row would steal the select's keys: the switcher is its own control */}
        <Box sx={{ px: 2, py: 1 }}>
          <LanguageSwitcher />
        </Box>
        <MenuItem
          onClick={() => {
            setAnchor(null);
            onLogout();
          }}
        >
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          {t('logout')}
        </MenuItem>
      </Menu>
    </>
  );
}
