import { ImportJobSchema, ImportListSchema, type ImportReport, ImportReportSchema } from '@common/contracts/imports';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

const importsKey = ['imports'] as const;

/** GET /api/imports: the reader's imports, newest first. */
export const importsQueryOptions = () => queryOptions({ queryKey: [...importsKey, 'list'], queryFn: ({ signal }) => api.get('imports', ImportListSchema, { signal }), staleTime: 0 });

const running = (r: ImportReport | undefined) => r?.status === 'queued' || r?.status === 'running';

/** GET /api/imports/:id, asked again every second while the import runs, so a reload picks the progress up. */
export const useImportReport = (id: string | null) =>
  useQuery({
    queryKey: [...importsKey, 'report', id],
    queryFn: ({ signal }) => api.get(`imports/${encodeURIComponent(id ?? '')}`, ImportReportSchema, { signal }),
    enabled: id !== null,
    staleTime: 0,
    refetchInterval: (q) => (running(q.state.data) ? 1000 : false),
  });

export const useImports = () => useQuery(importsQueryOptions());

/** POST /api/imports: the export as a file upload; answers the job at once. */
export function useStartImport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return api.post('imports', form, ImportJobSchema);
    },
    onSuccess: () => client.invalidateQueries({ queryKey: importsKey }),
  });
}

/** POST /api/imports/:id/resolve: settles an ambiguous row with the chosen title. */
export function useResolveRow(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { row: number; titleId: string }) => api.post(`imports/${encodeURIComponent(id)}/resolve`, input, ImportReportSchema),
    onSuccess: (report) => {
      client.setQueryData([...importsKey, 'report', id], report);
      void client.invalidateQueries({ queryKey: [...importsKey, 'list'] });
    },
  });
}
