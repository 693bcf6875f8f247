import type { Catalogue, CatalogueEntity, Dict } from '@bl/entities';
import { normalizePath } from '../shell/menu.ts';

/** The catalogue with look-ups by entity name, dictionary code and screen path. */
export interface CatalogueIndex {
  catalogue: Catalogue;
  entity(name: string): CatalogueEntity | undefined;
  dict(code: string | undefined): Dict | undefined;
  /** The entity whose list screen is at this path (`/{area}/{entity}`, `/index` allowed). */
  entityAtPath(path: string): CatalogueEntity | undefined;
}

/** Where an entity's list screen lives: its menu path. Line entities have no screen. */
export const screenPath = (entity: CatalogueEntity) => `/${entity.area}/${entity.name}`;

export function indexCatalogue(catalogue: Catalogue): CatalogueIndex {
  const byName = new Map(catalogue.entities.map((entity) => [entity.name, entity]));
  const byCode = new Map(catalogue.dicts.map((dict) => [dict.code, dict]));
  const byPath = new Map(
    catalogue.entities.filter((entity) => !entity.parent).map((entity) => [screenPath(entity), entity]),
  );
  return {
    catalogue,
    entity: (name) => byName.get(name),
    dict: (code) => (code ? byCode.get(code) : undefined),
    entityAtPath: (path) => byPath.get(normalizePath(path)),
  };
}
