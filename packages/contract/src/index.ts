export * from './auth.ts';
export * from './client.ts';
export * from './envelope.ts';
export * from './language.ts';
export * from './menu.ts';
export * from './receivables.ts';
export * from './wfform.ts';
