import { isIP } from 'node:net';

/**
 * A minimal writer of MaxMind DB files (IPv6 tree, 24-bit records; maps, arrays, strings and unsigned integers only), enough
 * to make a GeoIP2-layout City database in a test without shipping one: MaxMind's own databases may not be committed.
 */
type Value = string | number | Value[] | { [key: string]: Value };

function control(type: number, size: number): Buffer {
  const head = type <= 7 ? [type << 5] : [0, type - 7];
  if (size < 29) return Buffer.from([head[0] | size, ...head.slice(1)]);
  if (size < 285) return Buffer.from([head[0] | 29, ...head.slice(1), size - 29]);
  const n = size - 285;
  return Buffer.from([head[0] | 30, ...head.slice(1), n >> 8, n & 0xff]);
}

function encode(value: Value): Buffer {
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([control(2, bytes.length), bytes]);
  }
  if (typeof value === 'number') {
    const bytes: number[] = [];
    for (let v = value; v > 0; v = Math.floor(v / 256)) bytes.unshift(v % 256);
    return Buffer.concat([control(value > 0xffffffff ? 9 : 6, bytes.length), Buffer.from(bytes)]);
  }
  if (Array.isArray(value)) return Buffer.concat([control(11, value.length), ...value.map(encode)]);
  const entries = Object.entries(value);
  return Buffer.concat([control(7, entries.length), ...entries.flatMap(([k, v]) => [encode(k), encode(v)])]);
}

function bitsOf(cidr: string): number[] {
  const [address, prefix] = cidr.split('/');
  const bytes: number[] =
    isIP(address) === 4
      ? [...new Array(12).fill(0), ...address.split('.').map(Number)]
      : expand6(address).flatMap((group) => [group >> 8, group & 0xff]);
  const bits = bytes.flatMap((b) => [7, 6, 5, 4, 3, 2, 1, 0].map((i) => (b >> i) & 1));
  return bits.slice(0, (isIP(address) === 4 ? 96 : 0) + Number(prefix));
}

function expand6(address: string): number[] {
  const [head, tail = ''] = address.split('::');
  const h = head ? head.split(':') : [];
  const t = tail ? tail.split(':') : [];
  const groups = address.includes('::') ? [...h, ...new Array(8 - h.length - t.length).fill('0'), ...t] : h;
  return groups.map((g) => Number.parseInt(g, 16));
}

type Node = [Node | number | null, Node | number | null];

/** `networks`: CIDR → record; `databaseType` as MaxMind names it ("GeoIP2-City"). */
export function writeMmdb(databaseType: string, networks: Record<string, Value>): Buffer {
  const root: Node = [null, null];
  const data: Buffer[] = [];
  let dataSize = 0;
  for (const [cidr, record] of Object.entries(networks)) {
    const bits = bitsOf(cidr);
    let node = root;
    for (const bit of bits.slice(0, -1)) {
      const next = node[bit];
      if (typeof next !== 'object' || next === null) node[bit] = [null, null];
      node = node[bit] as Node;
    }
    node[bits[bits.length - 1]] = dataSize;
    const bytes = encode(record);
    data.push(bytes);
    dataSize += bytes.length;
  }
  const nodes: Node[] = [];
  const queue = [root];
  while (queue.length) {
    const node = queue.shift() as Node;
    nodes.push(node);
    for (const child of node) if (typeof child === 'object' && child !== null) queue.push(child);
  }
  const index = new Map(nodes.map((n, i) => [n, i]));
  const tree = Buffer.alloc(nodes.length * 6);
  nodes.forEach((node, i) => {
    node.forEach((child, side) => {
      const value =
        child === null ? nodes.length : typeof child === 'number' ? nodes.length + 16 + child : index.get(child);
      tree.writeUIntBE(value as number, i * 6 + side * 3, 3);
    });
  });
  const metadata = encode({
    binary_format_major_version: 2,
    binary_format_minor_version: 0,
    build_epoch: Math.floor(Date.now() / 1000),
    database_type: databaseType,
    description: { en: 'test' },
    ip_version: 6,
    node_count: nodes.length,
    record_size: 24,
  });
  return Buffer.concat([
    tree,
    Buffer.alloc(16),
    ...data,
    Buffer.from([0xab, 0xcd, 0xef]),
    Buffer.from('MaxMind.com'),
    metadata,
  ]);
}
