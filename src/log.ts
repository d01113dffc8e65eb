// The service's one logger (a JSON line per event on stderr) and the shape every layer takes a logger in.

/** Tells of an event by name, with its details. */
export type Log = (event: string, detail: Record<string, unknown>) => void;

/** One JSON object per line on stderr: the time, the event, its details. */
export const jsonLog: Log = (event, detail) =>
  console.error(JSON.stringify({ time: new Date().toISOString(), event, ...detail }));

/** An error as a log line tells it: its stack where it has one. */
export const errorText = (error: unknown): string =>
  error instanceof Error ? (error.stack ?? error.message) : String(error);
