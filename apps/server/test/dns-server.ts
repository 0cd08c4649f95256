import { createSocket, type Socket } from 'node:dgram';
import { Resolver } from 'node:dns/promises';
import { isIP } from 'node:net';

/**
 * A real DNS server on 127.0.0.1 (UDP, RFC 1035), as an attacker who controls a name's zone runs
 * one: it answers A and AAAA queries from a table the test fills, NXDOMAIN for names it does not
 * know, and records every query it receives. `resolveHost()` gives the server a resolver that
 * asks only this server (node's c-ares resolver), in the shape the push sender takes.
 */

const TYPE_A = 1;
const TYPE_AAAA = 28;

export interface DnsQuery {
  name: string;
  type: 'A' | 'AAAA' | number;
}

/** The 16 bytes of an IPv6 address in text form (with `::` and an optional dotted tail). */
function ipv6Bytes(address: string): Buffer {
  let text = address;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a = 0, b = 0, c = 0, d = 0] = dotted[1]!.split('.').map(Number);
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  const bytes = Buffer.alloc(16);
  groups.forEach((group, index) => bytes.writeUInt16BE(parseInt(group, 16), index * 2));
  return bytes;
}

/** The question's name (uncompressed labels, as resolvers send them) and where it ends. */
function readName(message: Buffer, offset: number): { name: string; end: number } {
  const labels: string[] = [];
  let at = offset;
  while (at < message.length && message[at] !== 0) {
    const length = message[at]!;
    labels.push(message.subarray(at + 1, at + 1 + length).toString('latin1'));
    at += 1 + length;
  }
  return { name: labels.join('.').toLowerCase(), end: at + 1 };
}

export class DnsServer {
  private socket: Socket | undefined;
  private readonly records = new Map<string, string[]>();
  readonly queries: DnsQuery[] = [];
  port = 0;

  /** What `name` resolves to from now on (IPv4 and IPv6 addresses, answered by type). */
  set(name: string, addresses: string[]): this {
    this.records.set(name.toLowerCase(), addresses);
    return this;
  }

  async start(): Promise<this> {
    const socket = createSocket('udp4');
    this.socket = socket;
    socket.on('message', (message, peer) => {
      const answer = this.answer(message);
      if (answer) socket.send(answer, peer.port, peer.address);
    });
    await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
    this.port = socket.address().port;
    return this;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.socket ? this.socket.close(() => resolve()) : resolve()));
  }

  /** A resolver asking this server only; what node's `dns.lookup` would give, in that shape. */
  resolveHost(): (hostname: string) => Promise<{ address: string; family: number }[]> {
    const resolver = new Resolver({ tries: 3 });
    resolver.setServers([`127.0.0.1:${this.port}`]);
    const ask = (lookup: Promise<string[]>) =>
      lookup.catch((error: unknown) => {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'ENODATA' || code === 'ENOTFOUND') return [];
        throw error;
      });
    return async (hostname) => {
      const [v4, v6] = await Promise.all([
        ask(resolver.resolve4(hostname)),
        ask(resolver.resolve6(hostname)),
      ]);
      const addresses = [...v4, ...v6].map((address) => ({ address, family: isIP(address) }));
      if (addresses.length === 0)
        throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
      return addresses;
    };
  }

  private answer(message: Buffer): Buffer | undefined {
    if (message.length < 12 || message.readUInt16BE(4) < 1) return undefined;
    const { name, end } = readName(message, 12);
    const type = message.readUInt16BE(end);
    this.queries.push({ name, type: type === TYPE_A ? 'A' : type === TYPE_AAAA ? 'AAAA' : type });
    const question = message.subarray(12, end + 4);
    const known = this.records.get(name);
    const rdata = (known ?? []).flatMap((address) => {
      const family = isIP(address);
      if (type === TYPE_A && family === 4) return [Buffer.from(address.split('.').map(Number))];
      if (type === TYPE_AAAA && family === 6) return [ipv6Bytes(address)];
      return [];
    });
    const header = Buffer.alloc(12);
    header.writeUInt16BE(message.readUInt16BE(0), 0);
    // QR, the query's opcode and RD, AA and RA; RCODE 3 (NXDOMAIN) for a name it does not know.
    const flags = 0x8000 | (message.readUInt16BE(2) & 0x7900) | 0x0400 | 0x0080 | (known ? 0 : 3);
    header.writeUInt16BE(flags, 2);
    header.writeUInt16BE(1, 4);
    header.writeUInt16BE(rdata.length, 6);
    const answers = rdata.map((data) => {
      const record = Buffer.alloc(12);
      record.writeUInt16BE(0xc00c, 0); // the name: a pointer to the question's
      record.writeUInt16BE(type, 2);
      record.writeUInt16BE(1, 4); // class IN
      record.writeUInt32BE(60, 6);
      record.writeUInt16BE(data.length, 10);
      return Buffer.concat([record, data]);
    });
    return Buffer.concat([header, question, ...answers]);
  }
}
