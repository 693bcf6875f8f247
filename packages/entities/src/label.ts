import type { Language } from '@bl/contract';

/** A text in the three interface languages. */
export type Label = Record<Language, string>;

/** Shorthand for labels: zh, mo (Traditional), en. */
export const label = (zh: string, mo: string, en: string): Label => ({ zh, mo, en });
