import { checkFormValues, type FormSchema, formLabel, type Language, readFormSchema } from '@bl/contract';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/database.ts';
import { badRequest } from '../../http/errors.ts';
import { isBuiltinName } from './expression.ts';

/**
 * Forms bound to a start event or a user task (`formKey`, docs/adr/0029-form-schemas.md): the
 * schema is the one deployed with the definition (bl_wfdeployform keeps the wfform's content as
 * it was at deployment), so a form edited later does not change a running process.
 */
export async function deployedForm(tx: Tx, definitionId: string, formKey: string | null | undefined) {
  if (!formKey) return undefined;
  const [row] = await queryRows<{ content: string | null }>(
    tx,
    sql`select form_content as content from bl_wfdeployform
        where deployment_id = ${definitionId} and form_key = ${formKey} and is_deleted = 0 limit 1`,
  );
  if (!row?.content) return undefined;
  const read = readFormSchema(row.content);
  return 'schema' in read ? read.schema : undefined;
}

/** Every deployed form of a definition, by form key (the start and handle pages render them). */
export async function deployedForms(tx: Tx, definitionId: string): Promise<Record<string, FormSchema>> {
  const rows = await queryRows<{ formKey: string; content: string | null }>(
    tx,
    sql`select form_key as "formKey", form_content as content from bl_wfdeployform
        where deployment_id = ${definitionId} and is_deleted = 0`,
  );
  const forms: Record<string, FormSchema> = {};
  for (const row of rows) {
    const read = row.content ? readFormSchema(row.content) : undefined;
    if (read && 'schema' in read) forms[row.formKey] = read.schema;
  }
  return forms;
}

/** Refuses values that break the form's rules, naming the field in the user's language. */
export function requireFormValues(
  schema: FormSchema | undefined,
  values: Record<string, unknown>,
  language: Language,
) {
  if (!schema) return;
  const problem = checkFormValues(schema, values);
  if (!problem) return;
  const field = formLabel(problem.field.label, language);
  if (problem.rule === 'required') throw badRequest('workflow.formRequired', { field });
  const rule =
    problem.rule === 'min'
      ? `min ${problem.field.min}`
      : problem.rule === 'max'
        ? `max ${problem.field.max}`
        : problem.rule === 'pattern'
          ? String(problem.field.pattern)
          : problem.rule;
  throw badRequest('workflow.formValue', { field, rule });
}

/** A variable's name as a form field writes it (the contract's rule); nothing else is one. */
const variableName = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

/** Names the engine keeps for itself: who started, a multi-instance task's counters. */
const engineNames = new Set([
  'starter',
  'initiator',
  'nrOfInstances',
  'nrOfCompletedInstances',
  'nrOfActiveInstances',
]);

/**
 * Refuses a name no caller may write: not a variable name, a member every object inherits
 * (`__proto__`, `constructor`...), or one of the engine's own (`starter`, `{task}_approved`,
 * a service task's answer).
 */
export function requireVariableName(name: string, reserved: ReadonlySet<string>) {
  if (!variableName.test(name) || isBuiltinName(name) || engineNames.has(name) || reserved.has(name))
    throw badRequest('workflow.badVariable', { name: name.slice(0, 64) });
}

/** The names a form declares (none without a designed form). */
export const fieldNames = (schema: FormSchema | undefined) =>
  new Set((schema?.fields ?? []).map((field) => field.name));

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * What a task's completion may write (docs/adr/0027-workflow-engine.md, amendment 4): only the
 * fields its form declares, anything else refused (`workflow.undeclaredVariable`); and a value
 * set when the instance started only where the model marks it writable for this task
 * (`flowable:writableVariables`), else refused (`workflow.startVariableLocked`). A start value
 * sent back unchanged (a page posting its whole form) is no change and is left out.
 */
export function taskWrites(input: {
  values: Record<string, unknown>;
  schema: FormSchema | undefined;
  /** The instance's variables now. */
  current: Record<string, unknown>;
  /** Names set at the start that this task may not change. */
  locked: ReadonlySet<string>;
  reserved: ReadonlySet<string>;
  task: string;
}): Record<string, unknown> {
  const declared = fieldNames(input.schema);
  const output: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(input.values)) {
    requireVariableName(name, input.reserved);
    if (!declared.has(name)) throw badRequest('workflow.undeclaredVariable', { name, task: input.task });
    if (input.locked.has(name)) {
      if (same(value, input.current[name])) continue;
      throw badRequest('workflow.startVariableLocked', { name, task: input.task });
    }
    output[name] = value;
  }
  return output;
}
