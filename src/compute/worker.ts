// Worker-thread entry: runs tasks from the pool and answers with plain data (input errors keep their field).
import { parentPort } from 'node:worker_threads';
import { AnalysisInputError, getModel, LANGUAGES } from '../analysis/index.js';
import type { TaskReply, TaskRequest } from './pool.js';
import { runTask } from './tasks.js';

const port = parentPort;
if (!port) throw new Error('worker.ts must run in a worker thread');

port.on('message', (req: TaskRequest) => {
  let reply: TaskReply;
  try {
    reply = { id: req.id, ok: true, value: runTask(req.kind, req.args as never) };
  } catch (e) {
    reply =
      e instanceof AnalysisInputError
        ? { id: req.id, ok: false, field: e.field, message: e.message }
        : { id: req.id, ok: false, message: e instanceof Error ? (e.stack ?? e.message) : String(e) };
  }
  port.postMessage(reply);
});
// Every model loads before the worker reports ready (views over the model files, tens of ms for all five), so
// no request waits on a file; the smoothing of each context still happens on its first lookup.
for (const language of LANGUAGES) getModel(language);
port.postMessage({ id: 0, ok: true, value: 'ready' } satisfies TaskReply);
