/** The reports module's public entry: what other modules and the composition root may use of it. */
export { snake, stockEntity } from './definitions.ts';
export { startSheetExport } from './export.ts';
export { syncReportMenus } from './menus.ts';
