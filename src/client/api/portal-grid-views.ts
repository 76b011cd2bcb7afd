/** Saved views of the Pets and Visits grids per staff user (issue 21): GetGridViews, SaveGridView, DeleteGridView. */
import { skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API } from '#shared/contract/paths';
import type { GridName, SaveGridViewBody } from '#shared/contract/vet';
import { apiGet, apiPostJson } from '#client/api/client';
import { getToken } from '#client/api/portal-session';
import { PORTAL_KEY } from '#client/api/portal-visits';

const viewsKey = (grid: GridName, vetUserId: number | null) => [PORTAL_KEY, 'grid-views', grid, vetUserId] as const;

export function useGridViews(grid: GridName, vetUserId: number | null) {
  return useQuery({
    queryKey: viewsKey(grid, vetUserId),
    queryFn:
      vetUserId === null
        ? skipToken
        : ({ signal }) => apiGet(API.gridViews, { grid, vetUserId }, { token: getToken(), signal }),
    staleTime: 60_000,
    retry: false,
  });
}

export function useSaveGridView() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveGridViewBody) => apiPostJson(API.saveGridView, body, { token: getToken() }),
    onSuccess: (_saved, body) => client.invalidateQueries({ queryKey: viewsKey(body.grid, body.vetUserId) }),
  });
}

export function useDeleteGridView(grid: GridName, vetUserId: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiPostJson(API.deleteGridView, { id }, { token: getToken() }),
    onSuccess: () => client.invalidateQueries({ queryKey: viewsKey(grid, vetUserId) }),
  });
}
