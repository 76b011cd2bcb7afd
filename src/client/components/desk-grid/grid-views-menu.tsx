import { useId, useState } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Divider,
  IconButton,
  List,
  ListItem,
  ListItemIcon,
  ListItemText,
  Menu,
  MenuItem,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import BookmarksOutlined from '@mui/icons-material/BookmarksOutlined';
import CheckIcon from '@mui/icons-material/Check';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import SaveIcon from '@mui/icons-material/SaveOutlined';
import { useTranslation } from 'react-i18next';
import { GRID_VIEW_NAME_MAX } from '#shared/constants';
import type { GridName, GridView } from '#shared/contract/vet';
import { useDeleteGridView, useGridViews, useSaveGridView } from '#client/api/portal-grid-views';
import { ErrorLine } from '#client/components/states/error-line';

interface Props {
  grid: GridName;
  vetUserId: number | null;
  /** the grid's state now, to save */
  capture: () => Record<string, unknown>;
  /** applies a saved state to the grid */
  apply: (state: Record<string, unknown>) => void;
}

type NameDialog = { mode: 'save' } | { mode: 'rename'; view: GridView };

/**
 * The grid toolbar's saved views (issue 21, item 6): apply one, save the current state under a
 * name, and in "Manage views" update one to the current state, rename or delete it. Stored on the
 * server per staff user, so they follow the user to another computer.
 */
export function GridViewsMenu({ grid, vetUserId, capture, apply }: Props) {
  const { t } = useTranslation('portal');
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [activeId, setActiveId] = useState<number | null>(null);
  const [nameDialog, setNameDialog] = useState<NameDialog | null>(null);
  const [managing, setManaging] = useState(false);
  const [name, setName] = useState('');
  const [error, setError] = useState('');
  const views = useGridViews(grid, vetUserId);
  const save = useSaveGridView();
  const remove = useDeleteGridView(grid, vetUserId);
  const list = views.data?.views ?? [];

  const openNameDialog = (dialog: NameDialog) => {
    setAnchor(null);
    setError('');
    setName(dialog.mode === 'rename' ? dialog.view.name : '');
    setNameDialog(dialog);
  };

  const submitName = () => {
    if (!nameDialog || vetUserId === null || name.trim() === '') return;
    setError('');
    const body =
      nameDialog.mode === 'rename'
        ? { id: nameDialog.view.id, grid, vetUserId, name, state: nameDialog.view.state }
        : { grid, vetUserId, name, state: capture() };
    save.mutate(body, {
      onSuccess: ({ id }) => {
        if (nameDialog.mode === 'save') setActiveId(id);
        setNameDialog(null);
      },
      onError: (err) => setError(err.message),
    });
  };

  const applyView = (view: GridView) => {
    setAnchor(null);
    setActiveId(view.id);
    apply(view.state);
  };

  const active = list.find((v) => v.id === activeId);
  return (
    <>
      <Button
        size="small"
        startIcon={<BookmarksOutlined />}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
        disabled={vetUserId === null}
      >
        {active ? t('desk.views.buttonWith', { name: active.name }) : t('desk.views.button')}
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {list.length === 0 && (
          <MenuItem disabled>
            <ListItemText>{t('desk.views.none')}</ListItemText>
          </MenuItem>
        )}
        {list.map((view) => (
          <MenuItem key={view.id} onClick={() => applyView(view)} selected={view.id === activeId}>
            <ListItemIcon>{view.id === activeId && <CheckIcon fontSize="small" />}</ListItemIcon>
            <ListItemText>{view.name}</ListItemText>
          </MenuItem>
        ))}
        <Divider />
        <MenuItem onClick={() => openNameDialog({ mode: 'save' })}>
          <ListItemIcon>
            <SaveIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('desk.views.saveAs')}</ListItemText>
        </MenuItem>
        {list.length > 0 && (
          <MenuItem
            onClick={() => {
              setAnchor(null);
              setError('');
              setManaging(true);
            }}
          >
            <ListItemIcon>
              <EditIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t('desk.views.manage')}</ListItemText>
          </MenuItem>
        )}
      </Menu>

      <Dialog
        open={nameDialog !== null}
        onClose={() => setNameDialog(null)}
        aria-labelledby={`${menuId}-name-title`}
        fullWidth
        maxWidth="xs"
      >
        <form
          onSubmit={(e) => {
            e.preventDefault();
            submitName();
          }}
        >
          <DialogTitle id={`${menuId}-name-title`}>
            {nameDialog?.mode === 'rename' ? t('desk.views.renameTitle') : t('desk.views.saveTitle')}
          </DialogTitle>
          <DialogContent>
            <Stack spacing={2} sx={{ pt: 1 }}>
              {error && <ErrorLine plain message={error} />}
              <TextField
                autoFocus
                required
                label={t('desk.views.name')}
                value={name}
                onChange={(e) => setName(e.target.value)}
                slotProps={{ htmlInput: { maxLength: GRID_VIEW_NAME_MAX } }}
              />
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setNameDialog(null)}>{t('cancel')}</Button>
            <Button type="submit" variant="contained" disabled={save.isPending || name.trim() === ''}>
              {t('desk.views.save')}
            </Button>
          </DialogActions>
        </form>
      </Dialog>

      <Dialog
        open={managing}
        onClose={() => setManaging(false)}
        aria-labelledby={`${menuId}-manage-title`}
        fullWidth
        maxWidth="sm"
      >
        <DialogTitle id={`${menuId}-manage-title`}>{t('desk.views.manageTitle')}</DialogTitle>
        <DialogContent dividers>
          {error && <ErrorLine plain message={error} sx={{ mb: 1 }} />}
          {list.length === 0 ? (
            <Typography color="text.secondary">{t('desk.views.none')}</Typography>
          ) : (
            <List dense>
              {list.map((view) => (
                <ListItem
                  key={view.id}
                  divider
                  secondaryAction={
                    <Stack direction="row" spacing={0.5}>
                      <Tooltip title={t('desk.views.update', { name: view.name })}>
                        <IconButton
                          aria-label={t('desk.views.update', { name: view.name })}
                          onClick={() =>
                            save.mutate(
                              { id: view.id, grid, vetUserId: vetUserId ?? 0, name: view.name, state: capture() },
                              { onError: (err) => setError(err.message) },
                            )
                          }
                        >
                          <SaveIcon />
                        </IconButton>
                      </Tooltip>
                      <Tooltip title={t('desk.views.rename', { name: view.name })}>
                        <IconButton
                          aria-label={t('desk.views.rename', { name: view.name })}
                          onClick={() => {
                            setManaging(false);
                            openNameDialog({ mode: 'rename', view });
                          }}
                        >
                          <EditIcon />
                        </IconButton>
                      </Tooltip>
                      <Tooltip title={t('desk.views.delete', { name: view.name })}>
                        <IconButton
                          aria-label={t('desk.views.delete', { name: view.name })}
                          onClick={() =>
                            remove.mutate(view.id, {
                              onSuccess: () => {
                                if (view.id === activeId) setActiveId(null);
                              },
                              onError: (err) => setError(err.message),
                            })
                          }
                        >
                          <DeleteIcon color="error" />
                        </IconButton>
                      </Tooltip>
                    </Stack>
                  }
                >
                  <ListItemText primary={view.name} sx={{ pr: 16 }} />
                </ListItem>
              ))}
            </List>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setManaging(false)}>{t('close')}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
