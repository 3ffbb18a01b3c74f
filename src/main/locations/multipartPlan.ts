/** One part of an object as a multipart upload cuts it: bytes `start` (included) to `end` (excluded). */
export interface PartSpan {
  /** 1 to 10,000, as S3 numbers parts. */
  number: number
  start: number
  end: number
}

/** A part an unfinished upload holds, as the server's listing says it. */
export interface ListedPart {
  number: number
  size: number
  etag: string
}

/** A part as CompleteMultipartUpload takes it. */
export interface DonePart {
  number: number
  etag: string
}

/** S3 refuses a part number over 10,000. */
export const MAX_PARTS = 10_000

/** `size` bytes cut into parts of `partSize` (the last one shorter), numbered from 1. */
export function partSpans(size: number, partSize: number): PartSpan[] {
  if (!Number.isSafeInteger(size) || size < 1) throw new RangeError(`not an object size: ${size}`)
  if (!Number.isSafeInteger(partSize) || partSize < 1) throw new RangeError(`not a part size: ${partSize}`)
  const count = Math.ceil(size / partSize)
  if (count > MAX_PARTS) throw new RangeError(`${count} parts of ${partSize} bytes are over S3's 10,000`)
  return Array.from({ length: count }, (_, i) => ({
    number: i + 1,
    start: i * partSize,
    end: Math.min(size, (i + 1) * partSize)
  }))
}

/**
 * The MD5 (lowercase hex) an ETag is, or null when it is something else: a server may give a part an
 * ETag of its own making (S3 with SSE-KMS, some S3-compatible servers), which says nothing of its bytes.
 */
export function plainMd5(etag: string): string | null {
  const bare = etag.replace(/"/g, '').trim()
  return /^[0-9a-fA-F]{32}$/.test(bare) ? bare.toLowerCase() : null
}

/** The listed parts by number; a number listed twice (pages that overlap) counts as its last listing. */
function byNumber(listed: readonly ListedPart[]): Map<number, ListedPart> {
  return new Map(listed.map((part) => [part.number, part]))
}

/**
 * The parts whose local bytes must be hashed to tell whether the server's copy can be kept: listed, of
 * the size the part has here, with an ETag that is an MD5. Any other part is sent again without a look.
 */
export function partsToVerify(spans: readonly PartSpan[], listed: readonly ListedPart[]): PartSpan[] {
  const there = byNumber(listed)
  return spans.filter((span) => {
    const part = there.get(span.number)
    return part !== undefined && part.size === span.end - span.start && plainMd5(part.etag) !== null
  })
}

/**
 * What a resumed upload keeps and what it sends: a listed part is kept only when its size and its ETag's
 * MD5 match the local bytes (`localMd5`, by part number, for the parts `partsToVerify` named); every other
 * part is sent. Listed parts the object has no place for are left out (completion discards them).
 */
export function planResume(
  spans: readonly PartSpan[],
  listed: readonly ListedPart[],
  localMd5: ReadonlyMap<number, string>
): { kept: DonePart[]; send: PartSpan[] } {
  const there = byNumber(listed)
  const kept: DonePart[] = []
  const send: PartSpan[] = []
  for (const span of spans) {
    const part = there.get(span.number)
    const md5 = part ? plainMd5(part.etag) : null
    const ours = localMd5.get(span.number)
    if (part && md5 !== null && part.size === span.end - span.start && ours === md5)
      kept.push({ number: span.number, etag: part.etag })
    else send.push(span)
  }
  return { kept, send }
}
