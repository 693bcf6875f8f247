import type { FieldMeta } from '@bl/entities';
import { useIsFetching, useQuery } from '@tanstack/react-query';
import { client } from '../api/client.ts';
import type { CatalogueIndex } from './catalogue.ts';

/**
 * Names of referenced records, asked for in batches (docs/adr/0022-reference-names.md): every
 * reference cell of a screen asks for its own value, and the asks of one moment go out as one
 * `POST {entity}/names` per referenced entity (and value/label pair), never one per row.
 */

/** The same as the server's limit: one page of the longest list. */
const batchLimit = 500;
/** How long asks gather before they go: the cells of one render ask within a few ms. */
const gatherMs = 15;

interface Batch {
  path: string;
  by: string;
  label: string;
  waiting: Map<string, ((name: string | null) => void)[]>;
}

const batches = new Map<string, Batch>();
let scheduled = false;

async function send(batch: Batch) {
  const values = [...batch.waiting.keys()];
  for (let start = 0; start < values.length; start += batchLimit) {
    const chunk = values.slice(start, start + batchLimit);
    let names: Record<string, string> = {};
    try {
      names = await client.request<Record<string, string>>('POST', `${batch.path}/names`, {
        body: { by: batch.by, label: batch.label, values: chunk },
        // A name is a help: without it (no view right, a failure) the code shows alone.
        quiet: true,
      });
    } catch {
      names = {};
    }
    for (const value of chunk)
      for (const resolve of batch.waiting.get(value) ?? []) resolve(names[value] ?? null);
  }
}

function flush() {
  scheduled = false;
  const due = [...batches.values()];
  batches.clear();
  for (const batch of due) void send(batch);
}

/** The name of one referenced record, sent with the other asks of the same moment. */
export function loadRefName(path: string, by: string, label: string, value: string): Promise<string | null> {
  const key = `${path}|${by}|${label}`;
  let batch = batches.get(key);
  if (!batch) {
    batch = { path, by, label, waiting: new Map() };
    batches.set(key, batch);
  }
  const waiting = batch.waiting;
  return new Promise((resolve) => {
    waiting.set(value, [...(waiting.get(value) ?? []), resolve]);
    if (!scheduled) {
      scheduled = true;
      setTimeout(flush, gatherMs);
    }
  });
}

/** A reference field that names its record by another field than the value it holds. */
export const isNamedRef = (field: Pick<FieldMeta, 'kind' | 'ref'>) =>
  field.kind === 'ref' && field.ref !== undefined && field.ref.valueField !== field.ref.labelField;

const queryRoot = 'refName';

/** The name of the record `value` refers to, or undefined until known (null: none). */
export function useRefName(
  field: Pick<FieldMeta, 'kind' | 'ref'>,
  value: string,
  catalogue: CatalogueIndex,
): string | null | undefined {
  const ref = field.ref;
  const target = ref && isNamedRef(field) ? catalogue.entity(ref.entity) : undefined;
  const name = useQuery({
    queryKey: [queryRoot, target?.name, ref?.valueField, ref?.labelField, value],
    queryFn: () => loadRefName(target?.path ?? '', ref?.valueField ?? '', ref?.labelField ?? '', value),
    enabled: target !== undefined && value !== '',
    staleTime: 60_000,
    meta: { quiet: true },
  });
  return name.data;
}

/** How many name look-ups are still on their way: a print waits for them. */
export const useRefNamesPending = () => useIsFetching({ queryKey: [queryRoot] });

/** "M001 螺丝 M6": the code people type, then the name they read. */
export const codeAndName = (code: string, name: string | null | undefined) =>
  name && name !== code ? `${code} ${name}` : code;
