/** The directory module's public entry: what other modules and the composition root may use of it. */
export { accountForSearch, DirectoryError, type DirectoryFailure, verifyDirectoryPassword } from './ldap.ts';
export { enabledConfig, readDirectoryRow } from './settings.ts';
