import { checkFormValues, type FormSchema, formLabel, type Language, readFormSchema } from '@bl/contract';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/database.ts';
import { badRequest } from '../../http/errors.ts';

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
