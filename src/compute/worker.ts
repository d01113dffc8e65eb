// Worker-thread entry: runs tasks from the pool and answers with plain data (input errors keep their field).
import { parentPort } from 'node:worker_threads';
import { AnalysisInputError, getModel } from '../analysis/index.js';
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
// The default language's model loads before the worker reports ready; the others load on first use (a few ms of
// views over their files; every model smooths its contexts on first lookup either way).
getModel('en');
port.postMessage({ id: 0, ok: true, value: 'ready' } satisfies TaskReply);
