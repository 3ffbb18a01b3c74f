import { describe, expect, it } from 'vitest'
import { blobToBase64 } from '@renderer/features/gallery/imports/encode'
import {
  BASE64_PER_CALL,
  FILES_PER_CALL,
  base64Length,
  planCalls
} from '@renderer/features/gallery/imports/plan'
import { ImportFilesInput } from '@shared/schemas/imports'
import { IMPORT_MAX_BYTES } from '@shared/schemas/library'

const MB = 1024 * 1024
const sized = (...sizes: number[]): { size: number }[] => sizes.map((size) => ({ size }))

describe('files into calls the contract takes', () => {
  it('closes a call at 20 files', () => {
    const calls = planCalls(sized(...Array.from({ length: 45 }, () => 1000)))
    expect(calls.map((call) => call.length)).toEqual([20, 20, 5])
    expect(FILES_PER_CALL).toBe(20)
  })

  it('closes a call before its base64 would pass 48 MB of files, keeping the order', () => {
    const files = sized(20 * MB, 20 * MB, 10 * MB, 40 * MB, 1000)
    const calls = planCalls(files)
    expect(calls.map((call) => call.map((file) => file.size / MB))).toEqual([[20, 20], [10], [40, 1000 / MB]])
    for (const call of calls)
      expect(call.reduce((sum, file) => sum + base64Length(file.size), 0)).toBeLessThanOrEqual(
        BASE64_PER_CALL
      )
  })

  it('sends a file at the library’s limit alone, and one over it as a name that weighs nothing', () => {
    const calls = planCalls(sized(MB, IMPORT_MAX_BYTES, IMPORT_MAX_BYTES + 1, MB))
    expect(calls.map((call) => call.map((file) => file.size))).toEqual([
      [MB],
      [IMPORT_MAX_BYTES, IMPORT_MAX_BYTES + 1],
      [MB]
    ])
    // The contract agrees: a call of the largest file it takes is accepted.
    const data = 'A'.repeat(base64Length(IMPORT_MAX_BYTES))
    expect(
      ImportFilesInput.safeParse({
        files: [
          { name: 'big.png', data },
          { name: 'huge.png', data: null }
        ]
      }).success
    ).toBe(true)
  })
})

describe('a file as base64, slice by slice', () => {
  it('joins the slices into the whole file’s base64', async () => {
    const bytes = Uint8Array.from({ length: 7 * MB + 5 }, (_, i) => (i * 7) % 256)
    expect(await blobToBase64(new Blob([bytes]))).toBe(Buffer.from(bytes).toString('base64'))
    expect(await blobToBase64(new Blob([]))).toBe('')
  })
})
