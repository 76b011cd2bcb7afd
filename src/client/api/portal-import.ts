import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API } from '#shared/contract/paths';
import { type ImportField } from '#shared/contract/import-fields';
import { apiGet, apiPostJson, apiPostMultipart } from '#client/api/client';
import { getToken, PORTAL_KEY, writeOptions } from '#client/api/portal-session';

/** How often the wizard asks how far an import has come. */
const PROGRESS_POLL_MS = 500;

export interface ImportRequest {
  file: File;
  /** the field each column fills; undefined: the server maps the columns from their headers */
  mapping?: (ImportField | null)[];
  dryRun: boolean;
  /** a random key to follow the import with useImportProgress */
  progressKey?: string;
  /** told the fraction of the file sent */
  onUploadProgress?: (fraction: number) => void;
}

/** A new unguessable key for an import's progress (ImportVetPatients' `progressKey`). */
export function newProgressKey(): string {
  // getRandomValues, not randomUUID: the latter exists only on https or localhost
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** ImportVetPatients: a dry run (writes nothing) or the import; an import clears the portal's lists. */
export function useImportPatients() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ file, mapping, dryRun, progressKey, onUploadProgress }: ImportRequest) =>
      apiPostMultipart(API.importVetPatients, mapping ? { mapping } : {}, [{ file, name: file.name, part: 'file' }], {
        ...writeOptions(),
        query: progressKey ? { dryRun, progressKey } : { dryRun },
        onUploadProgress,
      }),
    onSuccess: (_data, { dryRun }) => (dryRun ? undefined : client.invalidateQueries({ queryKey: [PORTAL_KEY] })),
  });
}

/** UndoImport: the import's pets and the owners it created deleted (restorable). */
export function useUndoImport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (importId: number) => apiPostJson(API.undoImport, { importId }, writeOptions()),
    onSuccess: () => client.invalidateQueries({ queryKey: [PORTAL_KEY] }),
  });
}

/**
 * GetImportProgress while an import under `progressKey` runs (null: not asked). An answer "not known here" (the
 * import not started yet, or another server process) keeps the last figure and asks again.
 */
export function useImportProgress(progressKey: string | null) {
  return useQuery({
    queryKey: [PORTAL_KEY, 'importProgress', progressKey] as const,
    queryFn: ({ signal }) =>
      apiGet(API.importProgress, { progressKey: progressKey ?? '' }, { token: getToken(), signal }),
    enabled: progressKey !== null,
    refetchInterval: PROGRESS_POLL_MS,
    retry: false,
    staleTime: 0,
  });
}
