import { parentPort } from 'node:worker_threads';
import { readSheetTask } from './engine/sheet-reader.ts';
import { AppError } from './http/errors.ts';
// The BPMN reader itself, not the workflow module's entry: a worker thread loads the parsers only.
import { readModelHere } from './modules/workflow/model.ts';
import type { TaskFailure, TaskReply } from './parsing/pool.ts';

/**
 * The parse worker (parsing/pool.ts, docs/adr/0035-untrusted-parsing.md): an entry point of its own
 * at the top of src/, like main.ts, so it may name the parsers of any layer and module. It takes one task at a time and
 * answers plain data; a parser that loops or swells is ended from outside by the pool.
 */
const parsers: Record<string, (input: never) => unknown> = {
  sheet: readSheetTask,
  bpmn: readModelHere,
};

function failure(error: unknown): TaskFailure {
  if (error instanceof AppError)
    return {
      name: error.name,
      message: error.message,
      code: error.code,
      key: error.messageKey,
      params: error.params,
    };
  if (error instanceof Error) return { name: error.name, message: error.message };
  return { name: 'Error', message: String(error) };
}

// SheetJS reports oddities of a file on the console ("Missing Info for XLS Record ..."): a
// crafted file could fill the server's output with them. Answers travel as messages only.
for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) console[method] = () => undefined;

const port = parentPort;
if (!port) throw new Error('parse-worker.ts runs as a worker thread (parsing/pool.ts)');
port.on('message', async ({ id, kind, input }: { id: number; kind: string; input: never }) => {
  let reply: TaskReply;
  try {
    const parse = parsers[kind];
    if (!parse) throw new Error(`no parser for ${kind}`);
    reply = { id, ok: true, value: await parse(input) };
  } catch (error) {
    reply = { id, ok: false, error: failure(error) };
  }
  port.postMessage(reply);
});
