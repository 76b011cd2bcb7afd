import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API } from '#shared/contract/paths';
import { type ImportField } from '#shared/contract/import-fields';
import { apiPostJson, apiPostMultipart } from '#client/api/client';
import { PORTAL_KEY, writeOptions } from '#client/api/portal-session';

export interface ImportRequest {
  file: File;
  /** the field each column fills; undefined: the server maps the columns from their headers */
  mapping?: (ImportField | null)[];
  dryRun: boolean;
}

/** ImportVetPatients: a dry run (writes nothing) or the import; an import clears the portal's lists. */
export function useImportPatients() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ file, mapping, dryRun }: ImportRequest) =>
      apiPostMultipart(API.importVetPatients, mapping ? { mapping } : {}, [{ file, name: file.name, part: 'file' }], {
        ...writeOptions(),
        query: { dryRun },
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
