import { inState } from '@bl/entities';
import type { EntityDefinition } from '@bl/entities/registry';

type Row = Record<string, unknown> & { id: string };

/** What a sample flow may do: read a record, run one action on it (answers the refusal or undefined). */
export interface FlowDriver {
  detail(entity: EntityDefinition, id: string): Promise<Row>;
  act(
    entity: EntityDefinition,
    action: string,
    id: string,
    input: Record<string, unknown>,
  ): Promise<string | undefined>;
}

/**
 * What the generic walk cannot guess for one entity: the actions to run, in order (default:
 * every forward action whose state guard holds), and the input an action's dialog would send.
 */
export interface FlowRecipe {
  actions?: string[];
  input?: Record<string, Record<string, unknown>>;
}

export const recipes: Record<string, FlowRecipe> = {
  // A wave is run through its own bill; the outbound bill's own review would be refused.
  osoutstockbill: { actions: [] },
};

/**
 * Runs a sample record's flow forward: the next declared action not run yet that is no undo
 * (`danger`), takes no quantities from another bill and needs no dialog field, whose state
 * guard holds on the record as it is now. Answers the refusals, `entity.action: message`.
 */
export async function walkFlow(driver: FlowDriver, entity: EntityDefinition, row: Row): Promise<string[]> {
  const actions = entity.flow?.actions ?? {};
  const recipe = recipes[entity.name];
  const refused: string[] = [];
  const tried = new Set<string>();
  for (let step = 0; step < Object.keys(actions).length; step++) {
    const now = await driver.detail(entity, row.id);
    const next = Object.entries(actions).find(
      ([name, action]) =>
        !tried.has(name) &&
        (recipe?.actions ? recipe.actions.includes(name) : true) &&
        !action.danger &&
        !action.quantities?.source &&
        (!action.form?.required?.length || recipe?.input?.[name] !== undefined) &&
        inState(action.when, now),
    );
    if (!next) break;
    const [name] = next;
    tried.add(name);
    const refusal = await driver.act(entity, name, row.id, recipe?.input?.[name] ?? {});
    if (refusal) refused.push(`${entity.name}.${name}: ${refusal}`);
  }
  return refused;
}
