import { type ReactNode, Suspense, useCallback, useState } from 'react';
import { lazyScreen } from '../shell/chunks.ts';
import { RefCreateContext, type RefCreateRequest } from './refCreate.ts';

// The form's code loads when a select first asks for it: the shell stays light.
const RecordForm = lazyScreen(() => import('./RecordForm.tsx').then((module) => module.RecordForm));
const addRequest = { mode: 'add' } as const;

/**
 * Lets any reference select below open the add form of its entity (issue 29, 8): the form opens
 * over whatever is open (a bill's form, an action's dialog), and the saved record goes back to
 * the select that asked.
 */
export function RefCreateHost(props: { children: ReactNode }) {
  const [request, setRequest] = useState<RefCreateRequest>();
  const open = useCallback((next: RefCreateRequest) => setRequest(next), []);
  return (
    <RefCreateContext.Provider value={open}>
      {props.children}
      {request && (
        <Suspense fallback={null}>
          <RecordForm
            entity={request.entity}
            catalogue={request.catalogue}
            request={addRequest}
            onSaved={request.onSaved}
            onClose={() => setRequest(undefined)}
          />
        </Suspense>
      )}
    </RefCreateContext.Provider>
  );
}
