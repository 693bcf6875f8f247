export * from './devices.ts';
export * from './handheld.ts';
export * from './requests.ts';
export * from './system.ts';
