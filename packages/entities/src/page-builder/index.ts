import type { EntityDefinition } from '../define.ts';

/** Page builder, projects and dashboards (spec 02 §3.3), in menu order. */
export const pageBuilderEntities: EntityDefinition[] = [];
