import { type ApiResult, type Query, ResultCode } from '@bl/contract';
import { authHeaders } from '../api/client.ts';
import { useProgress } from '../shell/progress.ts';
import { readText } from '../storage.ts';
import { type DownloadFailure, downloadFailure, downloadFileName } from './download.ts';

/** A download the server refused; `failure` names a fixed message, else `message` is the server's. */
export class DownloadError extends Error {
  constructor(
    readonly code: number,
    readonly failure: DownloadFailure | undefined,
    message: string,
  ) {
    super(message);
    this.name = 'DownloadError';
  }
}

function urlOf(path: string, query: Query = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

function save(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.style.display = 'none';
  document.body.appendChild(anchor);
  anchor.click();
  anchor.remove();
  // The browser has taken the file once the click is handled; give it time anyway.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

/** Where the chosen data source is kept (`saber-datasource`); the zip download names it. */
export const datasourceKey = 'datasource';

/** The `datasource` header of zip downloads (spec 01 §7), when one is chosen. */
export function datasourceHeaders(): Record<string, string> {
  const datasource = readText(datasourceKey)?.trim();
  return datasource ? { datasource } : {};
}

export interface DownloadOptions {
  /** A zip of generated files: sends the chosen data source. */
  zip?: boolean;
}

/**
 * GETs a file as a blob with the session's headers and saves it under the server's file name
 * (spec 01 §7). An answer that is JSON is an error envelope: it is read and thrown. No time-out:
 * a large export may take longer than a call; the progress bar shows it is still coming.
 */
export async function downloadFile(
  path: string,
  query: Query,
  fallbackName: string,
  options: DownloadOptions = {},
): Promise<void> {
  const progress = useProgress.getState();
  progress.start();
  let response: Response;
  let blob: Blob;
  try {
    response = await fetch(urlOf(path, query), {
      headers: authHeaders(options.zip ? datasourceHeaders() : undefined),
    });
    blob = await response.blob();
  } finally {
    progress.done();
  }
  if (!response.ok || blob.type.includes('application/json')) {
    let envelope: Partial<ApiResult<unknown>> = {};
    try {
      envelope = JSON.parse(await blob.text()) as ApiResult<unknown>;
    } catch {
      // not JSON either: only the status is known
    }
    const code = envelope.code ?? response.status;
    const outcome = downloadFailure(code, envelope.msg);
    throw 'failure' in outcome
      ? new DownloadError(code, outcome.failure, outcome.failure)
      : new DownloadError(code, undefined, outcome.message);
  }
  save(blob, downloadFileName(response.headers, fallbackName));
}

/** A spreadsheet row the server could not import (row 1 is the header). */
export interface RowError {
  row: number;
  message: string;
}

export type ImportOutcome =
  | { ok: true; message: string; imported: number }
  | { ok: false; code: number; message: string; rows: RowError[] };

/**
 * POSTs one file as the multipart field `file` with the client's headers, the progress bar
 * showing; answers the envelope as it came (an upload's refusal is the caller's to show).
 */
export async function uploadFile<T>(url: string, file: File): Promise<ApiResult<T>> {
  const body = new FormData();
  body.append('file', file, file.name);
  const progress = useProgress.getState();
  progress.start();
  try {
    const response = await fetch(url, { method: 'POST', headers: authHeaders(), body });
    return (await response.json()) as ApiResult<T>;
  } finally {
    progress.done();
  }
}

/** A background job's state (server: jobs/queue.ts); `result` is what its kind answers. */
export interface JobState<R = unknown> {
  status: 'queued' | 'running' | 'done' | 'failed';
  done: number;
  total: number;
  message: string;
  errors: RowError[];
  result: R | null;
}

const jobPollMs = 700;

/**
 * POSTs a spreadsheet to `{path}/import?mode=job` (multipart field `file`): the server imports
 * it as a job (any server process may run it), and this follows the job to its end, telling
 * `onProgress` the rows checked of the total, then answers as the synchronous import did.
 */
export async function uploadImport(
  path: string,
  file: File,
  onProgress: (done: number, total: number) => void = () => {},
): Promise<ImportOutcome> {
  const body = new FormData();
  body.append('file', file, file.name);
  const progress = useProgress.getState();
  progress.start();
  let envelope: ApiResult<unknown>;
  try {
    const response = await fetch(`${path}/import?mode=job`, { method: 'POST', headers: authHeaders(), body });
    envelope = (await response.json()) as ApiResult<unknown>;
  } finally {
    progress.done();
  }
  const jobId = envelope.success ? (envelope.data as { jobId?: string } | null)?.jobId : undefined;
  if (jobId) envelope = await followJob(jobId, onProgress);
  if (envelope.success) {
    const data = envelope.data as { imported?: number } | null;
    return { ok: true, message: envelope.msg, imported: data?.imported ?? 0 };
  }
  const rows = Array.isArray(envelope.data)
    ? (envelope.data as RowError[]).filter((row) => typeof row?.message === 'string')
    : [];
  return { ok: false, code: envelope.code ?? ResultCode.failure, message: envelope.msg, rows };
}

/**
 * Polls a job until it ends, telling `onState` each state it reads (a progress bar follows it).
 * Answers the last answer: the ended job, or the refusal to tell (not the caller's job, signed
 * out). Rejects once `signal` aborts (the page that follows it has gone).
 */
export async function watchJob<R>(
  id: string,
  onState: (job: JobState<R>) => void,
  signal?: AbortSignal,
): Promise<ApiResult<JobState<R>>> {
  for (;;) {
    const response = await fetch(`/api/bl-jobs/job/detail?id=${encodeURIComponent(id)}`, {
      headers: authHeaders(),
      signal,
    });
    const envelope = (await response.json()) as ApiResult<JobState<R>>;
    signal?.throwIfAborted();
    if (!envelope.success || !envelope.data) return envelope;
    onState(envelope.data);
    if (envelope.data.status === 'done' || envelope.data.status === 'failed') return envelope;
    await new Promise((resolve) => setTimeout(resolve, jobPollMs));
    signal?.throwIfAborted();
  }
}

/** Follows a job to its end; its end as the envelope the synchronous import would have sent. */
async function followJob(
  id: string,
  onProgress: (done: number, total: number) => void,
): Promise<ApiResult<unknown>> {
  const last = await watchJob(id, (job) => onProgress(job.done, job.total));
  const job = last.data;
  if (!last.success || !job) return last;
  return job.status === 'done'
    ? { code: ResultCode.success, success: true, msg: job.message, data: job.result }
    : { code: ResultCode.failure, success: false, msg: job.message, data: job.errors };
}

/**
 * Exports a large list as a job: `{path}/export?mode=job` records it (checks and operation log
 * as the direct export has them), this follows it with `onProgress` (rows written of the total),
 * then downloads the finished file. Throws a DownloadError with the server's message on refusal.
 */
export async function exportInBackground(
  path: string,
  query: Query,
  fallbackName: string,
  onProgress: (done: number, total: number) => void,
): Promise<void> {
  const response = await fetch(urlOf(`${path}/export`, { ...query, mode: 'job' }), {
    headers: authHeaders(),
  });
  let envelope = (await response.json()) as ApiResult<unknown>;
  const jobId = envelope.success ? (envelope.data as { jobId?: string } | null)?.jobId : undefined;
  if (jobId) envelope = await followJob(jobId, onProgress);
  if (!envelope.success) {
    const code = envelope.code ?? response.status;
    const outcome = downloadFailure(code, envelope.msg);
    throw 'failure' in outcome
      ? new DownloadError(code, outcome.failure, outcome.failure)
      : new DownloadError(code, undefined, outcome.message);
  }
  if (jobId) await downloadFile('/api/bl-jobs/job/download', { id: jobId }, fallbackName);
}
