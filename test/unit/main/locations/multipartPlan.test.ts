import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import {
  partSpans,
  partsToVerify,
  plainMd5,
  planResume,
  type ListedPart
} from '../../../../src/main/locations/multipartPlan'

const md5 = (text: string): string => createHash('md5').update(text).digest('hex')

describe('which parts a resumed multipart upload sends', () => {
  it('cuts an object into numbered parts, the last one shorter, and refuses more than 10,000', () => {
    expect(partSpans(25, 10)).toEqual([
      { number: 1, start: 0, end: 10 },
      { number: 2, start: 10, end: 20 },
      { number: 3, start: 20, end: 25 }
    ])
    expect(partSpans(20, 10)).toHaveLength(2)
    expect(partSpans(1, 10)).toEqual([{ number: 1, start: 0, end: 1 }])
    expect(partSpans(10_000, 1)).toHaveLength(10_000)
    expect(() => partSpans(10_001, 1)).toThrow(RangeError)
    expect(() => partSpans(0, 10)).toThrow(RangeError)
    expect(() => partSpans(10, 0)).toThrow(RangeError)
  })

  it('reads an ETag as an MD5 only when it is one', () => {
    const sum = md5('part')
    expect(plainMd5(`"${sum}"`)).toBe(sum)
    expect(plainMd5(sum.toUpperCase())).toBe(sum)
    // A multipart object's ETag, and one a server made of its own (SSE-KMS, a checksum of another kind).
    expect(plainMd5(`"${sum}-3"`)).toBeNull()
    expect(plainMd5('"0123456789abcdef"')).toBeNull()
    expect(plainMd5('')).toBeNull()
  })

  it('keeps the listed parts whose size and MD5 match the local bytes, and sends every other', () => {
    const spans = partSpans(45, 10)
    const local = ['aaaaaaaaaa', 'bbbbbbbbbb', 'cccccccccc', 'dddddddddd', 'eeeee']
    const listed: ListedPart[] = [
      { number: 1, size: 10, etag: `"${md5(local[0] ?? '')}"` },
      // Other bytes under the part's number (a source that changed without the record knowing).
      { number: 2, size: 10, etag: `"${md5('xxxxxxxxxx')}"` },
      // A part cut short: its size says so before any hash is needed.
      { number: 3, size: 4, etag: `"${md5('cccc')}"` },
      // An ETag that is no MD5: nothing says its bytes are ours.
      { number: 4, size: 10, etag: '"not-an-md5"' },
      // No part 5 listed; a part 6 the object has no room for.
      { number: 6, size: 10, etag: `"${md5('ffffffffff')}"` }
    ]
    const verify = partsToVerify(spans, listed)
    expect(verify.map((span) => span.number)).toEqual([1, 2])
    const localMd5 = new Map(verify.map((span) => [span.number, md5(local[span.number - 1] ?? '')]))
    const { kept, send } = planResume(spans, listed, localMd5)
    expect(kept).toEqual([{ number: 1, etag: `"${md5(local[0] ?? '')}"` }])
    expect(send.map((span) => span.number)).toEqual([2, 3, 4, 5])
  })

  it('sends nothing again when every part is there whole, and everything when none is', () => {
    const spans = partSpans(25, 10)
    const bytes = ['0123456789', 'abcdefghij', 'klmno']
    const listed = spans.map((span) => ({
      number: span.number,
      size: span.end - span.start,
      etag: `"${md5(bytes[span.number - 1] ?? '')}"`
    }))
    // A page boundary that listed part 2 twice counts it once.
    const twice = [...listed, { ...(listed[1] as ListedPart) }]
    const localMd5 = new Map(spans.map((span) => [span.number, md5(bytes[span.number - 1] ?? '')]))
    const all = planResume(spans, twice, localMd5)
    expect(all.send).toEqual([])
    expect(all.kept.map((part) => part.number)).toEqual([1, 2, 3])

    const none = planResume(spans, [], new Map())
    expect(none.kept).toEqual([])
    expect(none.send).toEqual(spans)
    // Without the local hash (never computed), a listed part is not trusted.
    expect(planResume(spans, listed, new Map()).send).toEqual(spans)
  })
})
