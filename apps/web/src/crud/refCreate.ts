import type { CatalogueEntity } from '@bl/entities';
import { createContext } from 'react';
import type { CatalogueIndex } from './catalogue.ts';
import type { Row } from './values.ts';

/**
 * What a reference select shows when it has no choice to offer (issue 29, 8): nothing while it
 * loads (the picker's spinner); "no {entity} matches" while the user filters; otherwise "no
 * {entity} yet", with a button to create one when the user may add the entity and the page can
 * open its form. `undefined` when there are choices.
 */
export type RefEmpty = { kind: 'loading' } | { kind: 'noMatch' } | { kind: 'none'; create: boolean };

export function refEmpty(state: {
  /** The choices are being fetched. */
  fetching: boolean;
  /** What the user typed to filter, trimmed. */
  typed: string;
  /** How many choices the select has. */
  count: number;
  /** The user holds `{entity}_add` and a form can be opened here. */
  canAdd: boolean;
}): RefEmpty | undefined {
  if (state.count > 0) return undefined;
  if (state.fetching) return { kind: 'loading' };
  if (state.typed !== '') return { kind: 'noMatch' };
  return { kind: 'none', create: state.canAdd };
}

/** A request to create a record of a referenced entity from a select, in a nested form. */
export interface RefCreateRequest {
  entity: CatalogueEntity;
  catalogue: CatalogueIndex;
  /** The saved record, as the server answered it: the select picks it. */
  onSaved: (row: Row) => void;
}

/**
 * Opens the add form of an entity over the page (RefCreateHost, mounted by the shell). Absent
 * outside the shell: a select there offers no creation. A context rather than an import keeps
 * the inputs free of the form that imports them.
 */
export const RefCreateContext = createContext<((request: RefCreateRequest) => void) | undefined>(undefined);
