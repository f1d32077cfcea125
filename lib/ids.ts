import { randomBytes } from "node:crypto";

const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

// CSPRNG bytes drawn 4 KB at a time: one randomBytes call per 256 ids instead of one per id (every
// request makes a request id; the call was ~4% of a payment read's CPU).
const POOL_SIZE = 4096;
let pool = Buffer.alloc(0);
let used = 0;
function randomFromPool(n: number): Buffer {
  if (used + n > pool.length) {
    pool = randomBytes(POOL_SIZE);
    used = 0;
  }
  used += n;
  return pool.subarray(used - n, used);
}

/**
 * Time-ordered opaque id (ULID layout: 48-bit ms time + 80 random bits, Crockford base32),
 * so ids sort by creation and make good index keys.
 */
export function newId(prefix = ""): string {
  const bytes = randomFromPool(16);
  let tail = "";
  for (let i = 0; i < 16; i++) tail += ALPHABET[bytes[i]! % 32];
  return prefix + timeHead(Date.now()) + tail;
}

/** When an id of newId/newOrderedId was made (epoch ms), read back from its time head. */
export function idTime(id: string): number {
  let ms = 0;
  // The id ends with its 26 ULID characters, the first 10 of them the time.
  for (const char of id.slice(-26, -16)) ms = ms * 32 + ALPHABET.indexOf(char);
  return ms;
}

function timeHead(ms: number): string {
  let time = ms;
  let head = "";
  for (let i = 0; i < 10; i++) {
    head = ALPHABET[time % 32] + head;
    time = Math.floor(time / 32);
  }
  return head;
}

let lastTime = 0;
let lastTail: number[] = [];

/**
 * Like newId, but strictly increasing within this process (ULID's monotonic mode): an id made in
 * the same millisecond as the previous one is its successor, so ids written one after another (the
 * audit entries of one transaction) sort in the order they were made.
 */
export function newOrderedId(prefix = ""): string {
  const now = Date.now();
  if (now > lastTime) {
    lastTime = now;
    lastTail = Array.from(randomFromPool(16), (b) => b % 32);
  } else {
    let i = lastTail.length - 1;
    while (i >= 0 && lastTail[i] === 31) lastTail[i--] = 0;
    if (i >= 0) lastTail[i]! += 1;
    else lastTime += 1; // 80 bits used up within one millisecond: borrow the next one
  }
  return prefix + timeHead(lastTime) + lastTail.map((d) => ALPHABET[d]).join("");
}

/** A high-entropy secret in URL-safe base64. */
export function newSecret(bytes = 32): string {
  return randomBytes(bytes).toString("base64url");
}
