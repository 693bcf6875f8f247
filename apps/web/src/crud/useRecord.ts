import type { CatalogueEntity } from '@bl/entities';
import { useQuery } from '@tanstack/react-query';
import { client } from '../api/client.ts';
import type { Row } from './values.ts';

/** One record with its lines (`{path}/detail?id=`), fresh each time a form or view opens. */
export function useRecord(entity: CatalogueEntity, id: string | undefined) {
  return useQuery({
    queryKey: ['record', entity.name, id],
    queryFn: () => client.request<Row>('GET', `${entity.path}/detail`, { query: { id } }),
    enabled: id !== undefined,
    staleTime: 0,
  });
}
