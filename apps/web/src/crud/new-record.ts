/**
 * The router state of a link that asks a list screen to open its add form on arrival (the
 * set-up checklist's "create", issue 29, 16). State, not the address: a screen is keyed by its
 * address, and dropping a query parameter would mount it again without the form.
 */
export const newRecordState = { newRecord: true } as const;

/** Whether a location's state asks for the add form. */
export const asksNewRecord = (state: unknown): boolean =>
  (state as { newRecord?: unknown } | null)?.newRecord === true;
