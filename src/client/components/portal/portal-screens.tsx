import { createContext, use, type ComponentType } from 'react';
import type { VetPet } from '#shared/contract/vet';

/** The pet a new visit is for: what the New Visit dialog shows of it. */
export type VisitPet = Pick<
  VetPet,
  'ID' | 'petName' | 'petImage' | 'petType' | 'petTypeId' | 'petBreed' | 'petBreedId' | 'OwnerNameForVet'
>;

/**
 * The portal's dialogs that one feature opens from another's screen: a visit card opens the pet's profile, a pet's
 * row or profile starts a visit, the profile's history opens a visit, the quick search opens a pet. A feature never
 * imports another, so the dashboard (src/client/app/portal) hands them in here, each a lazy chunk of its feature.
 */
export interface PortalScreens {
  PetProfileDialog: ComponentType<{ petProfileId: number; onClose: () => void }>;
  NewVisitDialog: ComponentType<{
    vetUserId: number | null;
    /** a visit for this pet (from its row or profile): the search starts already picked */
    initialPet?: VisitPet | null;
    onClose: () => void;
    /** the visit was created (its Edit Vet Visit dialog opened in the same place) and that dialog closed */
    onCreated: () => void;
  }>;
  EditVisitDialog: ComponentType<{ visitId: number; selectedUserId: number | null; onClose: () => void }>;
}

export const PortalScreensContext = createContext<PortalScreens | null>(null);

/** The dialogs of the other portal features (render them inside a Suspense: they load when first opened). */
export function usePortalScreens(): PortalScreens {
  const screens = use(PortalScreensContext);
  if (!screens) throw new Error('usePortalScreens: render inside the portal dashboard (PortalScreensContext)');
  return screens;
}
