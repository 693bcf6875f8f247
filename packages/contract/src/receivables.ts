/**
 * Receivables ageing as the server answers it and the arrears screen reads it
 * (docs/adr/0039-receivables-ageing.md): the routes and the shape of one owner's row.
 */
export const ageingPath = '/api/bl-acct/receivables/ageing';
export const ageingExportPath = '/api/bl-acct/receivables/ageing/export';
export const arrearsRefreshPath = '/api/bl-acct/receivables/refresh';

/** An owner's receivables as of a day, amounts as decimal strings (numeric, never floats). */
export interface Ageing {
  customerCode: string;
  customerName: string | null;
  billed: string;
  paid: string;
  deducted: string;
  closing: string;
  notDue: string;
  age0to30: string;
  age31to60: string;
  age61to90: string;
  ageOver90: string;
  overdue: string;
  /** The earliest due date among the bills still open, or null when nothing is open. */
  dueDate: string | null;
  /** How many days the oldest open bill is past its due date (0 when none is overdue). */
  overdueDays: number;
}

/** The age buckets (days past the due date; on the due date itself a bill is not yet overdue). */
export const ageingBuckets = ['notDue', 'age0to30', 'age31to60', 'age61to90', 'ageOver90'] as const;
