// Reading a Prometheus scrape in tests: the samples of its text exposition, and the request counter's name.

/** The request counter the service exposes (a histogram's `_count`), by surface, route and status. */
export const REQUEST_COUNT = 'cipher_http_request_duration_seconds_count';

/** The samples of a Prometheus text exposition: `name{labels}` → value. */
export function samples(text: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const at = line.lastIndexOf(' ');
    out.set(line.slice(0, at), Number(line.slice(at + 1)));
  }
  return out;
}
