import { lookup as systemLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * Where the server may post a push (docs/decisions/0072-push-endpoints.md). A subscription's
 * endpoint is a URL chosen by whoever calls the API, so it is judged twice: when it is kept, by
 * its spelling (https to a browser push service's host), and when a reminder goes out, by the
 * addresses its host resolves to then (public ones only), on the very connection that is used.
 */

export interface PushEndpointPolicy {
  /** Host names (`fcm.googleapis.com`) and subdomain patterns (`*.push.apple.com`). */
  allowedHosts: readonly string[];
  /** Outside production only: http(s) to a loopback IP literal, for the tests' push service. */
  loopbackForTests: boolean;
}

/** Why a push was not sent (the code goes to the log). */
export class PushEndpointError extends Error {
  override name = 'PushEndpointError';
  constructor(
    readonly code: 'ERR_PUSH_ENDPOINT_NOT_ALLOWED' | 'ERR_PUSH_ADDRESS_NOT_PUBLIC',
    message: string,
  ) {
    super(message);
  }
}

function matchesHost(host: string, pattern: string): boolean {
  if (pattern.startsWith('*.')) return host.endsWith(pattern.slice(1)) && host.length > pattern.length - 1;
  return host === pattern;
}

/** 127.0.0.0/8 and ::1 as the URL parser writes them (it has already read 2130706433, 0x7f.1…). */
function isLoopbackLiteral(hostname: string): boolean {
  if (hostname === '[::1]') return true;
  return isIP(hostname) === 4 && hostname.startsWith('127.');
}

/**
 * Whether a subscription's endpoint may be kept and posted to: https, no credentials, and a host
 * the policy names, compared after the URL parser has normalized it (lower case, punycode, IPv4
 * in dotted decimal), so no other spelling of a host can match. A name with a trailing dot is
 * not the name on the list, and an IP literal never matches a name.
 */
export function isAllowedPushEndpoint(endpoint: string, policy: PushEndpointPolicy): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  const host = url.hostname;
  if (policy.loopbackForTests && isLoopbackLiteral(host))
    return url.protocol === 'http:' || url.protocol === 'https:';
  if (url.protocol !== 'https:') return false;
  return policy.allowedHosts.some((pattern) => matchesHost(host, pattern));
}

// IPv4 ranges that are not the public internet (IANA's special-purpose registry).
const NOT_PUBLIC_V4: [string, number][] = [
  ['0.0.0.0', 8], // "this network", 0.0.0.0 itself reaches this machine
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata services
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast address
];
const notPublicV4 = new BlockList();
for (const [network, prefix] of NOT_PUBLIC_V4) notPublicV4.addSubnet(network, prefix, 'ipv4');

// IPv6: only global unicast (2000::/3, which leaves out ::, ::1, IPv4-compatible and -mapped
// forms, fc00::/7, fe80::/10 and ff00::/8), less its special-purpose blocks.
const globalUnicastV6 = new BlockList();
globalUnicastV6.addSubnet('2000::', 3, 'ipv6');
const notPublicV6 = new BlockList();
notPublicV6.addSubnet('2001::', 23, 'ipv6'); // IETF protocol assignments: Teredo, benchmarking, ORCHID
notPublicV6.addSubnet('2001:db8::', 32, 'ipv6'); // documentation
notPublicV6.addSubnet('2002::', 16, 'ipv6'); // 6to4: any IPv4 address inside, private ones too
notPublicV6.addSubnet('3fff::', 20, 'ipv6'); // documentation

/** The IPv4 address inside ::ffff:a.b.c.d or 64:ff9b::a.b.c.d (NAT64), from its canonical form. */
function embeddedIpv4(canonical: string): string | undefined {
  const [, highGroup, lowGroup] =
    /^(?:::ffff|64:ff9b:):([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(canonical) ?? [];
  if (highGroup === undefined || lowGroup === undefined) return undefined;
  const high = parseInt(highGroup, 16);
  const low = parseInt(lowGroup, 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/**
 * Whether `address` is on the public internet: not loopback, private (RFC 1918), carrier-grade
 * NAT, link-local, unique-local, multicast, unspecified, documentation or otherwise reserved,
 * nor an IPv4-mapped or NAT64 form of one of those.
 */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/%.*$/, ''); // a zone index (fe80::1%eth0) says nothing of the range
  const family = isIP(bare);
  if (family === 4) return !notPublicV4.check(bare, 'ipv4');
  if (family !== 6) return false;
  // The URL parser writes every IPv6 spelling one way (lower case, zeros compressed, hex groups).
  const canonical = new URL(`http://[${bare}]/`).hostname.slice(1, -1);
  const inner = embeddedIpv4(canonical);
  if (inner !== undefined) return isPublicAddress(inner);
  return globalUnicastV6.check(canonical, 'ipv6') && !notPublicV6.check(canonical, 'ipv6');
}

/** A host name's addresses, as `dns.lookup(name, { all: true })` gives them. */
export type ResolveHost = (hostname: string) => Promise<readonly { address: string; family: number }[]>;

/** The system's resolver (getaddrinfo: /etc/hosts too, as any other program on the machine). */
export const systemResolveHost: ResolveHost = (hostname) =>
  systemLookup(hostname, { all: true, order: 'verbatim' });

/**
 * The `lookup` of the push connections: it resolves the host once, refuses the connection if any
 * address is not public, and hands the socket the addresses it checked. The socket connects to
 * nothing else, so a name that answers differently the next time (DNS rebinding) gains nothing.
 */
export function checkedLookup(resolveHost: ResolveHost): LookupFunction {
  return (hostname, options, callback) => {
    resolveHost(hostname).then(
      (found) => {
        const refused = found.find(({ address }) => !isPublicAddress(address));
        if (refused) {
          callback(
            new PushEndpointError(
              'ERR_PUSH_ADDRESS_NOT_PUBLIC',
              `${hostname} resolves to ${refused.address}, which is not a public address`,
            ),
            '',
            0,
          );
          return;
        }
        const addresses = found.filter(({ family }) => !options.family || family === options.family);
        const first = addresses[0];
        if (!first) {
          const error: NodeJS.ErrnoException = new Error(`no address for ${hostname}`);
          error.code = 'ENOTFOUND';
          callback(error, '', 0);
        } else if (options.all) {
          // With `all`, net takes the list in place of the address (LookupFunction's type has no overload for it).
          (callback as unknown as (error: null, addresses: { address: string; family: number }[]) => void)(
            null,
            addresses.map(({ address, family }) => ({ address, family })),
          );
        } else callback(null, first.address, first.family);
      },
      (error: unknown) => callback(error as NodeJS.ErrnoException, '', 0),
    );
  };
}

/**
 * One POST to a push service; resolves to the answer's status. Redirects are not followed (node's
 * http never does), the body of the answer is not read, and `timeoutMs` bounds the whole of it:
 * the lookup, the connection, TLS and the wait for the answer.
 */
export function postToPushService(
  endpoint: URL,
  request: { headers: Record<string, string>; body: Uint8Array },
  options: { resolveHost: ResolveHost; timeoutMs: number },
): Promise<number> {
  return new Promise((resolve, reject) => {
    const client = endpoint.protocol === 'https:' ? https : http;
    const outgoing = client.request(
      endpoint,
      {
        method: 'POST',
        headers: request.headers,
        lookup: checkedLookup(options.resolveHost),
        // A connection of its own: no pooled socket is shared with any other request.
        agent: false,
        signal: AbortSignal.timeout(options.timeoutMs),
      },
      (response) => {
        response.on('error', () => undefined);
        resolve(response.statusCode ?? 0);
        response.destroy();
      },
    );
    outgoing.on('error', reject);
    outgoing.end(request.body);
  });
}
