// @ts-check
/**
 * TCP slow start, as the streamed audit (scripts/stream-audit.mjs) sends every response: the first round trip
 * carries the initial congestion window of 10 segments of 1,460 bytes (RFC 6928) less the response's headers,
 * and each later one twice the one before (no loss, no receive-window limit). Pure, so it is unit-tested.
 */

/** TCP's initial window, segments (RFC 6928). */
const INITIAL_SEGMENTS = 10;
/** Bytes a segment carries on a 1,500-byte Ethernet path. */
const SEGMENT_BYTES = 1460;
/**
 * The bytes of a response's first round trip, its headers included: 14,600. The build splits a page's styles by
 * it too (scripts/postbuild.mjs).
 */
export const FIRST_ROUND_TRIP = INITIAL_SEGMENTS * SEGMENT_BYTES;

/**
 * The body bytes each round trip of a response carries, in order.
 * @param {number} length  the body's length, bytes (as sent: compressed)
 * @param {number} headerBytes  the response's status line and headers, which ride in the first round trip
 * @returns {number[]}  one entry per round trip; their sum is `length`
 */
export function flights(length, headerBytes) {
  /** @type {number[]} */
  const sizes = [];
  let window = FIRST_ROUND_TRIP;
  let room = Math.max(0, window - headerBytes);
  let left = length;
  while (left > 0 || sizes.length === 0) {
    const size = Math.min(left, room);
    sizes.push(size);
    left -= size;
    window *= 2;
    room = window;
  }
  return sizes;
}
