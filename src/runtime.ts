// Which runtime the service runs on, checked once: Bun (its global `Bun`) or Node.

export const isBun = typeof (globalThis as { Bun?: unknown }).Bun !== 'undefined';
