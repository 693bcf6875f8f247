import { ApiError } from '@bl/contract';
import { Alert, Progress, Typography } from 'antd';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { reportError } from '../api/query.ts';
import { type JobState, watchJob } from './files.ts';

/**
 * Follows the job `jobId` (a screen that started one) from its start to its end: answers its
 * latest state, undefined until the first is read. `onEnd` runs once when it has ended (a list
 * to reload). A refusal to tell shows as any failed call does; leaving the page stops polling.
 */
export function useJob<R>(
  jobId: string | undefined,
  onEnd?: (job: JobState<R>) => void,
): JobState<R> | undefined {
  const [job, setJob] = useState<JobState<R>>();
  const ended = useRef(onEnd);
  ended.current = onEnd;
  useEffect(() => {
    setJob(undefined);
    if (!jobId) return;
    const controller = new AbortController();
    watchJob<R>(jobId, setJob, controller.signal)
      .then((last) => {
        if (!last.success || !last.data) reportError(new ApiError(last.code, last.msg));
        else ended.current?.(last.data);
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) reportError(error);
      });
    return () => controller.abort();
  }, [jobId]);
  return job;
}

/** Whether a job is still to end: started but not read yet, or queued or running. */
export const jobRunning = (jobId: string | undefined, job: JobState<unknown> | undefined) =>
  job === undefined ? jobId !== undefined : job.status === 'queued' || job.status === 'running';

/**
 * A job's progress bar (parts done of the total), then its outcome: the server's message (what
 * it did, or why it failed), its row errors, and whatever the screen adds (`children`). Test
 * ids: `{testId}-progress` around it all, `{testId}-result` on the message.
 */
export function JobProgress(props: { job: JobState<unknown>; testId: string; children?: ReactNode }) {
  const { job, testId, children } = props;
  const percent = job.total > 0 ? Math.round((job.done / job.total) * 100) : job.status === 'done' ? 100 : 0;
  return (
    <div data-testid={`${testId}-progress`}>
      <Progress
        percent={percent}
        status={job.status === 'failed' ? 'exception' : job.status === 'done' ? 'success' : 'active'}
      />
      {job.message && (
        <Alert
          type={job.status === 'failed' ? 'error' : 'success'}
          message={job.message}
          showIcon
          data-testid={`${testId}-result`}
        />
      )}
      {job.errors.length > 0 && (
        <Alert
          style={{ marginTop: 8 }}
          type="error"
          message={job.errors.map((error) => (
            <Typography.Paragraph key={`${error.row}-${error.message}`} style={{ margin: 0 }}>
              {error.message}
            </Typography.Paragraph>
          ))}
        />
      )}
      {children}
    </div>
  );
}
