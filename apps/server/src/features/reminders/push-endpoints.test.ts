import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/config';
import { checkedLookup, isAllowedPushEndpoint, isPublicAddress, type ResolveHost } from './push-endpoints';

const production = loadConfig({ NODE_ENV: 'production' }).pushEndpoints;
const testing = loadConfig({ NODE_ENV: 'test', PUSH_TEST_LOOPBACK: 'true' }).pushEndpoints;

describe('push endpoints the server keeps and posts to', () => {
  it("accepts the browsers' push services, over https", () => {
    for (const url of [
      'https://fcm.googleapis.com/fcm/send/abc:APA91bH',
      'https://FCM.googleapis.com/fcm/send/abc',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAAABk',
      'https://web.push.apple.com/QGuQyavXutnMH2WY',
      'https://wns2-par02p.notify.windows.com/w/?token=BQYAAAB',
      'https://db5.notify.windows.com/?token=AgUAAAD',
    ])
      expect(isAllowedPushEndpoint(url, production), url).toBe(true);
  });

  // Each names this machine, its network, or a host that is no browser's push service.
  const refused = [
    // names of this machine or of an internal network
    'https://localhost/push',
    'https://localhost./push',
    'https://foo.localhost./push',
    'https://127.0.0.1.nip.io/push',
    'https://localtest.me/push',
    'https://kubernetes.default.svc/push',
    'https://kubernetes.default.svc.cluster.local/push',
    'https://metadata.google.internal/computeMetadata/v1/',
    'https://printer.local/push',
    'https://intranet/push',
    // IPv4 literals, in every spelling the URL parser reads as 127.0.0.1
    'https://127.0.0.1/push',
    'https://127.0.0.1./push',
    'https://2130706433/push',
    'https://0x7f000001/push',
    'https://0x7f.0.0.1/push',
    'https://0177.0.0.1/push',
    'https://017700000001/push',
    'https://127.1/push',
    'https://0/push',
    'https://10.0.0.8/push',
    'https://100.64.0.1/push',
    'https://169.254.169.254/latest/meta-data/',
    'https://8.8.8.8/push',
    // IPv6 literals
    'https://[::1]/push',
    'https://[0:0:0:0:0:0:0:1]/push',
    'https://[::]/push',
    'https://[::ffff:127.0.0.1]/push',
    'https://[::ffff:7f00:1]/push',
    'https://[::ffff:a00:1]/push',
    'https://[fd00::1]/push',
    'https://[fe80::1]/push',
    'https://[2001:4860:4860::8888]/push',
    // a push service's name, spelled to mean something else
    'https://fcm.googleapis.com./fcm/send/x',
    'https://FCM.GOOGLEAPIS.COM./fcm/send/x',
    'https://fcm.googleapis.com@127.0.0.1/push',
    'https://user:pass@fcm.googleapis.com/fcm/send/x',
    'https://user@fcm.googleapis.com/fcm/send/x',
    'https://fcm.googleapis.com.attacker.example/x',
    'https://fcm.googleapis.com%2e/x',
    'https://evil-fcm.googleapis.com/x',
    'https://googleapis.com/x',
    'https://push.apple.com/x',
    'https://web.push.apple.com./x',
    'https://web.push.apple.com.attacker.example/x',
    'https://notify.windows.com/x',
    'https://attackernotify.windows.com.example/x',
    // another scheme
    'http://fcm.googleapis.com/fcm/send/x',
    'ftp://fcm.googleapis.com/x',
    'wss://fcm.googleapis.com/x',
    // not a URL
    'fcm.googleapis.com/fcm/send/x',
    'not a url',
  ];

  it('refuses every other host, however it is spelled, in production', () => {
    for (const url of refused) expect(isAllowedPushEndpoint(url, production), url).toBe(false);
  });

  it('refuses them with the test opt-in too, except loopback addresses written as such', () => {
    const loopback = new Set([
      'https://127.0.0.1/push',
      'https://127.0.0.1./push', // the parser drops the dot of an IPv4 address
      'https://2130706433/push',
      'https://0x7f000001/push',
      'https://0x7f.0.0.1/push',
      'https://0177.0.0.1/push',
      'https://017700000001/push',
      'https://127.1/push',
      'https://[::1]/push',
      'https://[0:0:0:0:0:0:0:1]/push',
    ]);
    for (const url of refused) expect(isAllowedPushEndpoint(url, testing), url).toBe(loopback.has(url));
    expect(isAllowedPushEndpoint('http://127.0.0.1:4321/push/x', testing)).toBe(true);
    expect(isAllowedPushEndpoint('http://[::1]:4321/push/x', testing)).toBe(true);
    expect(isAllowedPushEndpoint('http://127.0.0.1:4321/push/x', production)).toBe(false);
    expect(isAllowedPushEndpoint('http://user@127.0.0.1:4321/push/x', testing)).toBe(false);
  });

  it('adds the hosts and subdomains the operator lists, nothing around them', () => {
    const policy = loadConfig({ PUSH_ALLOWED_HOSTS: 'push.example.com, *.push.example.net' }).pushEndpoints;
    expect(isAllowedPushEndpoint('https://push.example.com/x', policy)).toBe(true);
    expect(isAllowedPushEndpoint('https://a.b.push.example.net/x', policy)).toBe(true);
    expect(isAllowedPushEndpoint('https://fcm.googleapis.com/fcm/send/x', policy)).toBe(true);
    for (const url of [
      'https://a.push.example.com/x',
      'https://push.example.net/x',
      'https://xpush.example.net/x',
      'https://push.example.com.attacker.example/x',
      'http://push.example.com/x',
    ])
      expect(isAllowedPushEndpoint(url, policy), url).toBe(false);
  });
});

describe('public addresses', () => {
  it('are global unicast addresses', () => {
    for (const address of [
      '8.8.8.8',
      '142.250.74.10',
      '1.1.1.1',
      '100.63.255.255',
      '100.128.0.0',
      '172.15.255.255',
      '172.32.0.0',
      '2a00:1450:4001:80b::200a',
      '2606:4700:4700::1111',
      '::ffff:8.8.8.8',
      '::ffff:808:808',
      '64:ff9b::808:808',
    ])
      expect(isPublicAddress(address), address).toBe(true);
  });

  it('are none of the internal, reserved or special ones, in any IPv6 form', () => {
    for (const address of [
      '0.0.0.0',
      '0.1.2.3',
      '10.0.0.1',
      '10.255.255.255',
      '100.64.0.0',
      '100.127.255.255',
      '127.0.0.1',
      '127.255.255.254',
      '169.254.169.254',
      '172.16.0.1',
      '172.31.255.255',
      '192.0.0.170',
      '192.0.2.1',
      '192.88.99.1',
      '192.168.1.1',
      '198.18.0.1',
      '198.19.255.255',
      '198.51.100.7',
      '203.0.113.9',
      '224.0.0.1',
      '239.255.255.250',
      '240.0.0.1',
      '255.255.255.255',
      '::',
      '::1',
      '0:0:0:0:0:0:0:1',
      '::ffff:127.0.0.1',
      '::FFFF:7F00:1',
      '::ffff:10.0.0.1',
      '::ffff:169.254.169.254',
      '::ffff:0.0.0.0',
      '::127.0.0.1',
      '64:ff9b::127.0.0.1',
      '64:ff9b::a00:1',
      '64:ff9b:1::808:808',
      'fc00::1',
      'fd12:3456:789a::1',
      'fe80::1',
      'fe80::1%eth0',
      'febf::1',
      'ff02::1',
      'ff05::1:3',
      '2001:db8::1',
      '2001::1',
      '2001:2::1',
      '2002:7f00:1::1',
      '3fff::1',
      '100::1',
      'not an address',
      '',
    ])
      expect(isPublicAddress(address), address).toBe(false);
  });
});

describe('the lookup of push connections', () => {
  const lookup = (resolveHost: ResolveHost, options: { all?: boolean; family?: number }) =>
    new Promise<{ error: NodeJS.ErrnoException | null; result: unknown }>((resolve) =>
      checkedLookup(resolveHost)('push.example.test', options, (error, address, family) =>
        resolve({ error, result: options.all ? address : { address, family } }),
      ),
    );
  const answers =
    (...addresses: string[]): ResolveHost =>
    () =>
      Promise.resolve(addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })));

  it('hands the socket the addresses it checked, one or all, of the family asked', async () => {
    const resolveHost = answers('142.250.74.10', '2a00:1450:4001:80b::200a');
    expect(await lookup(resolveHost, { all: true })).toEqual({
      error: null,
      result: [
        { address: '142.250.74.10', family: 4 },
        { address: '2a00:1450:4001:80b::200a', family: 6 },
      ],
    });
    expect(await lookup(resolveHost, {})).toEqual({
      error: null,
      result: { address: '142.250.74.10', family: 4 },
    });
    expect(await lookup(resolveHost, { family: 6 })).toEqual({
      error: null,
      result: { address: '2a00:1450:4001:80b::200a', family: 6 },
    });
  });

  it('refuses the name if any of its addresses is not public, and passes resolver errors on', async () => {
    const refused = await lookup(answers('142.250.74.10', '10.0.0.1'), { all: true });
    expect(refused.error?.code).toBe('ERR_PUSH_ADDRESS_NOT_PUBLIC');
    expect(refused.error?.message).toBe(
      'push.example.test resolves to 10.0.0.1, which is not a public address',
    );
    const missing = await lookup(
      () => Promise.reject(Object.assign(new Error('nope'), { code: 'ENOTFOUND' })),
      {},
    );
    expect(missing.error?.code).toBe('ENOTFOUND');
    expect((await lookup(answers(), { all: true })).error?.code).toBe('ENOTFOUND');
  });
});
