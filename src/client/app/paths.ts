import type { ProviderKind } from '#shared/constants';
import { paths } from '#shared/page-routes';

/** Listing and detail routes of each provider kind. */
export const providerRoutes: Record<ProviderKind, { list: string; detail: (id: number | string) => string }> = {
  sitter: { list: paths.sitters, detail: (id) => paths.sitter.replace(':id', String(id)) },
  trainer: { list: paths.trainers, detail: (id) => paths.trainer.replace(':id', String(id)) },
  walker: { list: paths.walkers, detail: (id) => paths.walker.replace(':id', String(id)) },
  groomer: { list: paths.groomers, detail: (id) => paths.groomer.replace(':id', String(id)) },
  vet: { list: paths.vets, detail: (id) => paths.vet.replace(':id', String(id)) },
};
