import type { EntityDefinition } from './define.ts';
import { material } from './master-data/material.ts';
import { unit, unitfloat } from './master-data/unit.ts';

/** Every entity of the catalogue. A new entity is one file plus one line here. */
export const entities: EntityDefinition[] = [material, unit, unitfloat];

export const entityByName: ReadonlyMap<string, EntityDefinition> = new Map(entities.map((e) => [e.name, e]));
export type { ChildInput, EntityDefinition } from './define.ts';
