// Which client a request counts against: only a valid address becomes a key, IPv6 by its /64 (issue 14, item 5).
import { describe, expect, it } from 'vitest';
import { clientKey } from '../../../src/http/rate-limit/client-ip.js';
import { makeApp, post } from '../helpers.js';

describe('clientKey', () => {
  // IPv6 /64 keying is what rate limiters that meet IPv6 clients do (RFC 6177 hands a subscriber a /48–/64;
  // Cloudflare and nginx's limit_req guides key IPv6 clients by prefix).
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['203.0.113.7:51234', '203.0.113.7'],
    [' 203.0.113.7 ', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['[::ffff:203.0.113.7]:80', '203.0.113.7'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:db8:1:2::9', '2001:db8:1:2::/64'],
    ['2001:DB8:0001:0002:ffff::1', '2001:db8:1:2::/64'],
    ['[2001:db8:1:2::9]:443', '2001:db8:1:2::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['64:ff9b::198.51.100.1', '64:ff9b:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
  ])('%s → %s', (raw, key) => {
    expect(clientKey(raw)).toBe(key);
  });

  it.each([
    ['not an address'],
    ['203.0.113'],
    ['203.0.113.256'],
    ['2001:db8::1::2'],
    ['unknown'],
    [''],
    ['1'.repeat(8192)],
    ['[2001:db8::1'],
  ])('refuses %j', (raw) => {
    expect(clientKey(raw)).toBeNull();
  });

  it('keeps every key short, whatever the header held', () => {
    for (const raw of ['ffff:ffff:ffff:ffff:ffff:ffff:255.255.255.255', '255.255.255.255:65535']) {
      expect((clientKey(raw) ?? '').length).toBeLessThanOrEqual(39);
    }
  });
});

describe('behind a trusted proxy', () => {
  const allowed = async (app: ReturnType<typeof makeApp>, xff: string) =>
    (await post(app, '/rot13/transform', { text: 'a' }, { 'x-forwarded-for': xff })).status;

  it('gives the addresses of one IPv6 /64 one allowance, and another /64 its own', async () => {
    const app = makeApp({ rateLimit: 2, trustProxy: true });
    expect(await allowed(app, '2001:db8:1:2::1')).toBe(200);
    expect(await allowed(app, '2001:db8:1:2::2')).toBe(200);
    expect(await allowed(app, '2001:db8:1:2:ffff::3')).toBe(429);
    expect(await allowed(app, '2001:db8:1:3::1')).toBe(200);
  });

  it('counts a junk X-Forwarded-For against the connection, never as a client of its own', async () => {
    const app = makeApp({ rateLimit: 2, trustProxy: true });
    // In process there is no socket: the connection is the unknown client, shared by every junk header.
    expect(await allowed(app, 'x'.repeat(8192))).toBe(200);
    expect(await allowed(app, 'not-an-address')).toBe(200);
    expect(await allowed(app, '10.0.0.1, <script>')).toBe(429);
    expect(await allowed(app, '10.0.0.1')).toBe(200);
  });

  it('reads the right-most entry only (the one the proxy added)', async () => {
    const app = makeApp({ rateLimit: 1, trustProxy: true });
    expect(await allowed(app, '198.51.100.1, 10.0.0.9')).toBe(200);
    expect(await allowed(app, '198.51.100.2, 10.0.0.9')).toBe(429);
  });
});
