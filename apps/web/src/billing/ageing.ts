/** An owner's receivables as of a day (GET /api/bl-acct/receivables/ageing, ADR 0039). */
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
  dueDate: string | null;
  overdueDays: number;
}

/** The age buckets, from not yet due to over 90 days past the due date. */
export const ageingBuckets = ['notDue', 'age0to30', 'age31to60', 'age61to90', 'ageOver90'] as const;

export const ageingPath = '/api/bl-acct/receivables/ageing';
export const ageingExportPath = '/api/bl-acct/receivables/ageing/export';
export const arrearsRefreshPath = '/api/bl-acct/receivables/refresh';
