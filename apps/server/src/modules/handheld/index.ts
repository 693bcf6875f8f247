/** The handheld module's public entry: what other modules and the composition root may use of it. */
export { requireTerminal, type Terminal, workingStatuses } from './terminals.ts';
