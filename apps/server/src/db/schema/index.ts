export * from './devices.ts';
export * from './system.ts';
