declare module 'pg/lib/utils.js' {
  /** node-postgres' conversion of a parameter to the text it sends (@types/pg omits the module). */
  const utils: { prepareValue(value: unknown): string | Buffer | null | undefined };
  export default utils;
}
