/** The system module's public entry: what other modules and the composition root may use of it. */
export { seedSerials } from './serial-defaults.ts';
export { nextSerial } from './serials.ts';
