// What the web app may import: pure metadata and validation, no tables.
export * from './areas.ts';
export * from './catalogue.ts';
export type { Area, Service } from './define.ts';
export * from './dicts.ts';
export * from './flow.ts';
export * from './formats.ts';
export * from './kinds.ts';
export * from './label.ts';
export * from './menu-paths.ts';
export * from './messages.ts';
export * from './validation.ts';
