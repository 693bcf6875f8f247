import type { CatalogueEntity } from '@bl/entities';
import type { ComponentType } from 'react';
import type { CatalogueIndex } from './catalogue.ts';
import type { SpecTarget } from './routes.ts';

/** What a list screen of an entity is given. */
export interface ScreenProps {
  entity: CatalogueEntity;
  catalogue: CatalogueIndex;
  /** What a spec route asks for on arrival: a drawer to open, a fixed filter. */
  target?: SpecTarget;
}

/**
 * Bespoke screens that replace the generic list screen of an entity, by entity name (e.g. a
 * bill with posting and review). Empty: every entity uses the generic screen for now.
 */
export const screenOverrides: Partial<Record<string, ComponentType<ScreenProps>>> = {};
