/** The resource module's public entry: what other modules and the composition root may use of it. */
export { serverStore } from './stores.ts';
