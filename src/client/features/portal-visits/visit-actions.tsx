import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { VetVisit } from '#shared/contract/vet';
import { useDeleteVisit, useRestoreVisit } from '#client/api/portal-visits';
import { ConfirmDialog } from '#client/components/portal/confirm-dialog';
import { formatLongDate } from '#client/components/format/dates';
import { usePortalScreens } from '#client/components/portal/portal-screens';
import { UndoSnackbar, type UndoOffer } from '#client/components/portal/undo-snackbar';
import { useCan } from '#client/components/portal/can-access';

const NewVisitDialog = lazy(() => import('#client/features/portal-visits/new-visit-dialog'));
const EditVisitDialog = lazy(() => import('#client/features/portal-visits/edit-visit-dialog'));

export interface VisitActions {
  openNew: () => void;
  openEdit: (visit: VetVisit) => void;
  openPet: (petProfileId: number) => void;
  /** null when the acting person may not delete visits (issue 31) */
  askDelete: ((visit: VetVisit) => void) | null;
  /** "Failed to delete visit: …" after a failed delete, else '' */
  deleteError: string;
  clearDeleteError: () => void;
  /** the dialogs these open; render once */
  dialogs: ReactNode;
}

/**
 * What a visit list does with its visits, the same on phone cards and in the desk's grid: New
 * Visit, Edit Visit, the pet's profile, and delete with SPEC.md's confirmation, then Undo (issue 20).
 */
export function useVisitActions(selectedUserId: number | null, onCreated: () => void): VisitActions {
  const { t, i18n } = useTranslation('portal');
  const { PetProfileDialog } = usePortalScreens();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<VetVisit | null>(null);
  const [petId, setPetId] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<VetVisit | null>(null);
  const [deleteError, setDeleteError] = useState('');
  const [undo, setUndo] = useState<UndoOffer | null>(null);
  const canDelete = useCan('deleteVisits');
  const remove = useDeleteVisit();
  const restore = useRestoreVisit();

  const confirmDelete = () => {
    if (!deleting) return;
    setDeleteError('');
    const visit = deleting;
    remove.mutate(
      { vetVisitId: visit.ID, petId: visit.PetProfileID },
      {
        // SPEC.md's confirmation first, then the Undo (issue 20).
        onSuccess: () =>
          setUndo({
            message: t('visits.deleted', { name: visit.petName, date: formatLongDate(visit.VisitDate, i18n.language) }),
            restore: () => restore.mutateAsync(visit.ID),
          }),
        onError: (err) => setDeleteError(t('visits.deleteFailed', { message: err.message })),
        onSettled: () => setDeleting(null),
      },
    );
  };

  const dialogs = (
    <>
      <ConfirmDialog
        open={deleting !== null}
        title={t('confirmDeletion')}
        text={t('visits.confirmDelete')}
        busy={remove.isPending}
        onYes={confirmDelete}
        onNo={() => setDeleting(null)}
      />
      <UndoSnackbar offer={undo} onClose={() => setUndo(null)} />
      <Suspense fallback={null}>
        {creating && (
          <NewVisitDialog
            vetUserId={selectedUserId}
            onClose={() => setCreating(false)}
            onCreated={() => {
              setCreating(false);
              onCreated();
            }}
          />
        )}
        {editing && (
          <EditVisitDialog visitId={editing.ID} selectedUserId={selectedUserId} onClose={() => setEditing(null)} />
        )}
        {petId !== null && <PetProfileDialog petProfileId={petId} onClose={() => setPetId(null)} />}
      </Suspense>
    </>
  );

  return {
    openNew: () => setCreating(true),
    openEdit: setEditing,
    openPet: setPetId,
    askDelete: canDelete ? setDeleting : null,
    deleteError,
    clearDeleteError: () => setDeleteError(''),
    dialogs,
  };
}
