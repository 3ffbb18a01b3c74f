import { describe, expect, it } from 'vitest'
import { base64Bytes, incomingBytes } from '../../../../src/main/library/intake'
import { image, sha256 } from './helpers'

describe('library intake: the checks before anything is written', () => {
  it('describes bytes that pass: sniffed type, size, content hash and when the store began', async () => {
    const png = await image('png')
    expect(incomingBytes(png, { expect: 'image' }, 42)).toMatchObject({
      mime: 'image/png',
      ext: 'png',
      bytes: png.length,
      sha256: sha256(png),
      createdAt: 42
    })
  })

  it('refuses bytes that are not the ones their name promised, and takes the ones that are', async () => {
    const png = await image('png')
    expect(incomingBytes(png, { sha256: sha256(png) }, 1).sha256).toBe(sha256(png))
    const other = Buffer.concat([png, Buffer.from('trailing bytes that change the hash')])
    expect(() => incomingBytes(other, { sha256: sha256(png) }, 1)).toThrow(
      expect.objectContaining({ kind: 'rejected', reason: 'wrong_content' })
    )
  })

  it('reads base64 across line breaks and refuses one too long for the cap before decoding it [P31]', async () => {
    const png = await image('png')
    const wrapped = (png.toString('base64').match(/.{1,76}/g) ?? []).join('\n')
    expect(base64Bytes(wrapped, {}).equals(png)).toBe(true)
    expect(() => base64Bytes(png.toString('base64'), { maxBytes: png.length - 10 })).toThrow(
      expect.objectContaining({ reason: 'too_large' })
    )
  })
})
