/** The actions a button code `{entity}_{action}` may end with, and the i18n key of each. */
const buttonKeys = {
  view: 'buttons.view',
  add: 'buttons.add',
  edit: 'buttons.edit',
  delete: 'buttons.delete',
  export: 'buttons.export',
  import: 'buttons.import',
  print: 'buttons.print',
  review: 'buttons.review',
  unreview: 'buttons.unreview',
  approve: 'buttons.approve',
  enable: 'buttons.enable',
  disable: 'buttons.disable',
  resetPassword: 'buttons.resetPassword',
  grant: 'buttons.grant',
  sort: 'buttons.sort',
  load: 'buttons.load',
  printSort: 'buttons.printSort',
  printBoard: 'buttons.printBoard',
  receive: 'buttons.receive',
  receiveAdvance: 'buttons.receiveAdvance',
  test: 'buttons.test',
  close: 'buttons.close',
  reopen: 'buttons.reopen',
  take: 'buttons.take',
} as const;

/** The label key of a button code, or undefined for a code of no known action (its own name shows). */
export function buttonLabelKey(code: string): (typeof buttonKeys)[keyof typeof buttonKeys] | undefined {
  const action = code.slice(code.lastIndexOf('_') + 1);
  return Object.hasOwn(buttonKeys, action) ? buttonKeys[action as keyof typeof buttonKeys] : undefined;
}
