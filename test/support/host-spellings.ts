/** IP addresses in every spelling, and each one's key by docs/shorturls.md (Blocked hosts): IPv4 dotted (embedded too), IPv6 RFC 5952. */
import fc from 'fast-check';

/** An address as its bits: IPv4 as four bytes, IPv6 as eight 16-bit groups. */
export type Address = { readonly v4: readonly number[] } | { readonly v6: readonly number[] };
const octet = fc.integer({ min: 0, max: 255 });
const ipv4 = fc.tuple(octet, octet, octet, octet).map((v4) => ({ v4 }));
/** IPv4 in IPv6: mapped, compatible and NAT64's well-known prefix. */
const EMBEDDING_PREFIXES = [
  [0, 0, 0, 0, 0, 0xffff],
  [0, 0, 0, 0, 0, 0],
  [0x64, 0xff9b, 0, 0, 0, 0],
] as const;
const group = fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 0xffff }));
const ipv6 = fc
  .oneof(
    fc.array(group, { minLength: 8, maxLength: 8 }),
    fc.tuple(fc.constantFrom(...EMBEDDING_PREFIXES), ipv4).map(([prefix, { v4 }]) => [...prefix, ...groupsOf(v4)]),
    fc.constantFrom([0, 0, 0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0, 0, 1]),
  )
  .map((v6) => ({ v6 }));
export const address: fc.Arbitrary<Address> = fc.oneof(ipv4, ipv6);
const groupsOf = (v4: readonly number[]): number[] => [(v4[0]! << 8) | v4[1]!, (v4[2]! << 8) | v4[3]!];
const bytesOf = (groups: readonly number[]): number[] => groups.flatMap((g) => [g >> 8, g & 0xff]);
const same = (a: readonly number[], b: readonly number[]) => a.every((x, i) => x === b[i]);
/** :: and ::1, IPv6's own unspecified and loopback addresses. */
const isOwn = (v6: readonly number[]) => same(v6.slice(0, 7), [0, 0, 0, 0, 0, 0, 0]) && v6[7]! <= 1;

/** The IPv4 address an IPv6 one embeds, by the rule; undefined when none. */
function embedded(v6: readonly number[]): number[] | undefined {
  const embeds = EMBEDDING_PREFIXES.some((prefix) => same(v6.slice(0, 6), prefix));
  return embeds && !isOwn(v6) ? bytesOf(v6.slice(6)) : undefined;
}

/** RFC 5952: lower case, no leading zeros, the first longest run of two or more zero groups as `::`. */
function rfc5952(v6: readonly number[]): string {
  let best = { at: -1, length: 1 };
  for (let at = 0; at < 8; at++) {
    let length = 0;
    while (at + length < 8 && v6[at + length] === 0) length++;
    if (length > best.length) best = { at, length };
  }
  const hex = v6.map((g) => g.toString(16));
  if (best.at < 0) return hex.join(':');
  return `${hex.slice(0, best.at).join(':')}::${hex.slice(best.at + best.length).join(':')}`;
}

export function keyOf(of: Address): string {
  if ('v4' in of) return of.v4.join('.');
  const v4 = embedded(of.v6);
  return v4 ? v4.join('.') : `[${rfc5952(of.v6)}]`;
}

/** Whether an address is loopback or unspecified by the rule: 127/8, 0/8, ::1, ::, and IPv6 that embeds one of the first two. */
export function isLocal(of: Address): boolean {
  const v4 = 'v4' in of ? of.v4 : embedded(of.v6);
  return v4 === undefined ? 'v6' in of && isOwn(of.v6) : v4[0] === 127 || v4[0] === 0;
}

/** How a spelling writes an address; each choice taken modulo what the address allows. */
export const style = fc.record({
  /** IPv4: 4 (a.b.c.d), 3 (a.b.cd), 2 (a.bcd) or 1 (one number) parts, each in radix 8, 10 or 16; a final dot. */
  parts: fc.integer({ min: 1, max: 4 }),
  radixes: fc.array(fc.constantFrom<number>(8, 10, 16), { minLength: 4, maxLength: 4 }),
  trailingDot: fc.boolean(),
  /** IPv4 written in IPv6: 0 not, else the 1-based index of its prefix in EMBEDDING_PREFIXES. */
  embedding: fc.nat(EMBEDDING_PREFIXES.length),
  /** IPv6: four hex digits a group, upper case, the last 32 bits dotted, which zero run `::` stands for (0: none, 1: the longest). */
  padded: fc.boolean(),
  upper: fc.boolean(),
  dotted: fc.boolean(),
  compress: fc.nat(40),
});
type Style = typeof style extends fc.Arbitrary<infer S> ? S : never;

const inRadix = (value: number, radix: number) =>
  radix === 16 ? `0x${value.toString(16)}` : radix === 8 ? `0${value.toString(8)}` : String(value);

/** IPv4 in the notations the URL parser reads (WHATWG URL, IPv4 parser). */
function ipv4Text(v4: readonly number[], { parts, radixes, trailingDot }: Style): string {
  const whole = v4.reduce((sum, byte) => sum * 256 + byte, 0);
  const tail = whole % 256 ** (5 - parts);
  const values = [...v4.slice(0, parts - 1), tail];
  return values.map((value, i) => inRadix(value, radixes[i]!)).join('.') + (trailingDot ? '.' : '');
}

/** IPv6 as a person or a tool may write it, without brackets. */
function ipv6Text(v6: readonly number[], { padded, upper, dotted, compress }: Style): string {
  const written = v6.map((g) => g.toString(16).padStart(padded ? 4 : 1, '0'));
  const groups = dotted ? [...written.slice(0, 6), bytesOf(v6.slice(6)).join('.')] : written;
  // Every run of zero groups `::` may stand for, within the groups written in hex; the longest first, as RFC 5952 writes it.
  const runs: [number, number][] = [];
  for (let at = 0; at < (dotted ? 6 : 8); at++)
    for (let end = at + 1; end <= (dotted ? 6 : 8) && v6[end - 1] === 0; end++) runs.push([at, end]);
  runs.sort((a, b) => b[1] - b[0] - (a[1] - a[0]));
  const run = runs[(compress % (runs.length + 1)) - 1];
  const text = run ? `${groups.slice(0, run[0]).join(':')}::${groups.slice(run[1]).join(':')}` : groups.join(':');
  return upper ? text.toUpperCase() : text;
}

/** An address as the host of a URL (IPv6 in brackets), in a style. */
export function spell(of: Address, how: Style): string {
  if ('v6' in of) return `[${ipv6Text(of.v6, how)}]`;
  const prefix = EMBEDDING_PREFIXES[how.embedding - 1];
  return prefix ? `[${ipv6Text([...prefix, ...groupsOf(of.v4)], how)}]` : ipv4Text(of.v4, how);
}

/** A spelling of each kind: every IPv4 notation and IPv6 form above, with and without leading zeros and `::`. */
export function everySpelling(of: Address): string[] {
  const ipv4 = { parts: 4, radixes: [10, 10, 10, 10], trailingDot: false, embedding: 0 };
  const base: Style = { ...ipv4, padded: false, upper: false, dotted: false, compress: 0 };
  const styles: Partial<Style>[] = [
    ...[{}, { radixes: [8, 16, 10, 8] }, { parts: 3, radixes: [16, 8, 16, 10] }, { parts: 2, radixes: [10, 16, 10, 10] }],
    ...[8, 10, 16].map((radix) => ({ parts: 1, radixes: [radix, 10, 10, 10] })),
    { trailingDot: true },
    ...[1, 2, 3].flatMap((embedding) => [
      { embedding, dotted: true },
      { embedding, padded: true, upper: true },
      { embedding, compress: 1 },
      { embedding, compress: 1, dotted: true },
    ]),
    ...[{ padded: true }, { compress: 1 }, { compress: 2, upper: true }, { padded: true, compress: 3 }],
  ];
  return [...new Set(styles.map((change) => spell(of, { ...base, ...change })))];
}
