import type { CatalogueEntity } from '@bl/entities';
import type { CatalogueIndex } from './catalogue.ts';
import type { SpecTarget } from './routes.ts';

/** What a list screen of an entity is given. */
export interface ScreenProps {
  entity: CatalogueEntity;
  catalogue: CatalogueIndex;
  /** What a spec route asks for on arrival: a drawer to open, a fixed filter. */
  target?: SpecTarget;
}
