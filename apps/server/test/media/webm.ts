/**
 * A WebM recording as a browser's MediaRecorder writes it: the Segment and its Clusters of
 * unknown size, no Duration in its Info, Opus blocks every 20 ms for `seconds`. The audio is
 * silence (zero bytes), enough for a container parser.
 */
export function recorderWebm(seconds: number): Buffer {
  const id = (hex: string) => Buffer.from(hex, 'hex');
  const size = (length: number) => {
    if (length < 0x7f) return Buffer.from([0x80 | length]);
    if (length < 0x3fff) return Buffer.from([0x40 | (length >> 8), length & 0xff]);
    return Buffer.from([0x10, (length >> 16) & 0xff, (length >> 8) & 0xff, length & 0xff].slice(0, 4));
  };
  const element = (hex: string, body: Buffer) => Buffer.concat([id(hex), size(body.length), body]);
  const uint = (value: number, bytes: number) => {
    const out = Buffer.alloc(bytes);
    out.writeUIntBE(value, 0, bytes);
    return out;
  };
  const float = (value: number) => {
    const out = Buffer.alloc(8);
    out.writeDoubleBE(value);
    return out;
  };
  const unknownSize = Buffer.from([0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]);
  const header = element(
    '1a45dfa3',
    Buffer.concat([
      element('4286', uint(1, 1)),
      element('42f7', uint(1, 1)),
      element('42f2', uint(4, 1)),
      element('42f3', uint(8, 1)),
      element('4282', Buffer.from('webm')),
      element('4287', uint(4, 1)),
      element('4285', uint(2, 1)),
    ]),
  );
  const info = element(
    '1549a966',
    Buffer.concat([
      element('2ad7b1', uint(1_000_000, 3)),
      element('4d80', Buffer.from('Chrome')),
      element('5741', Buffer.from('Chrome')),
    ]),
  );
  const tracks = element(
    '1654ae6b',
    element(
      'ae',
      Buffer.concat([
        element('d7', uint(1, 1)),
        element('73c5', uint(1, 1)),
        element('83', uint(2, 1)),
        element('86', Buffer.from('A_OPUS')),
        element('e1', Buffer.concat([element('b5', float(48000)), element('9f', uint(1, 1))])),
      ]),
    ),
  );
  const clusters: Buffer[] = [];
  const frames = Math.round((seconds * 1000) / 20);
  for (let start = 0; start < frames; start += 50) {
    const blocks: Buffer[] = [element('e7', uint(start * 20, 2))];
    for (let frame = start; frame < Math.min(frames, start + 50); frame += 1) {
      const relative = (frame - start) * 20;
      blocks.push(
        element(
          'a3',
          Buffer.concat([Buffer.from([0x81]), uint(relative, 2), Buffer.from([0x80]), Buffer.alloc(3)]),
        ),
      );
    }
    clusters.push(Buffer.concat([id('1f43b675'), unknownSize, ...blocks]));
  }
  return Buffer.concat([header, id('18538067'), unknownSize, info, tracks, ...clusters]);
}
