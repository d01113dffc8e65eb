// The path and query of a request, read from its real URL: every dispatch and every charge derives from these.

/**
 * The path of a request URL, as `new URL(url).pathname` gives it. Plain paths are cut out of the string;
 * anything URL parsing would rewrite (dot segments, escapes, backslashes) still goes through URL.
 */
export function pathnameOf(url: string): string {
  const scheme = url.indexOf('://');
  const start = scheme < 0 ? -1 : url.indexOf('/', scheme + 3);
  if (start < 0) return new URL(url).pathname;
  let end = url.length;
  for (let i = start; i < url.length; i++) {
    const c = url.charCodeAt(i);
    if (c === 63 /* ? */ || c === 35 /* # */) {
      end = i;
      break;
    }
  }
  const path = url.slice(start, end);
  return PLAIN_PATH.test(path) && !path.includes('/.') ? path : new URL(url).pathname;
}

const PLAIN_PATH = /^[A-Za-z0-9\-._~!$&'()*+,;=:@/]*$/;

/** The query of a request URL without its `?` (`''` when there is none), as `new URL(url).search.slice(1)`. */
export function queryOf(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return '';
  const hash = url.indexOf('#', q);
  return url.slice(q + 1, hash < 0 ? url.length : hash);
}

/** The path below `prefix` (`/api/v1/caesar/encrypt/` → `/caesar/encrypt`), or undefined outside it. */
export function pathUnder(prefix: string, pathname: string): string | undefined {
  if (!pathname.startsWith(prefix) || (pathname.length > prefix.length && pathname[prefix.length] !== '/')) {
    return undefined;
  }
  return pathname.slice(prefix.length).replace(/\/+$/, '') || '/';
}
