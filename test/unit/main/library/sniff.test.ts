import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { SAMPLE_VIDEO } from '../../../../src/emulator/assets/sample-video'
import { sniffMedia } from '../../../../src/main/library/sniff'

const bytes = (...parts: (string | number[])[]): Uint8Array =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))))

const PNG_SIG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]

describe('sniffMedia [P32]', () => {
  it('recognises real PNG, JPEG, WebP and MP4 files', async () => {
    const img = sharp({ create: { width: 4, height: 4, channels: 3, background: '#808080' } })
    expect(sniffMedia(await img.clone().png().toBuffer())).toEqual({ mime: 'image/png', ext: 'png' })
    expect(sniffMedia(await img.clone().jpeg().toBuffer())).toEqual({ mime: 'image/jpeg', ext: 'jpg' })
    expect(sniffMedia(await img.clone().webp().toBuffer())).toEqual({ mime: 'image/webp', ext: 'webp' })
    expect(sniffMedia(await img.clone().webp({ lossless: true }).toBuffer())).toEqual({
      mime: 'image/webp',
      ext: 'webp'
    })
    expect(sniffMedia(SAMPLE_VIDEO.bytes)).toEqual({ mime: 'video/mp4', ext: 'mp4' })
  })

  it('accepts the bare signatures', () => {
    expect(sniffMedia(bytes(PNG_SIG))?.ext).toBe('png')
    expect(sniffMedia(bytes([0xff, 0xd8, 0xff]))?.ext).toBe('jpg')
    expect(sniffMedia(bytes('RIFF', [1, 2, 3, 4], 'WEBPVP8 '))?.ext).toBe('webp')
    expect(sniffMedia(bytes([0, 0, 0, 0x18], 'ftypmp42'))?.ext).toBe('mp4')
  })

  const refused: [string, Uint8Array][] = [
    ['HTML', bytes('<!DOCTYPE html><html><body>hi</body></html>')],
    ['HTML with BOM', bytes([0xef, 0xbb, 0xbf], '<html>')],
    ['SVG', bytes('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
    ['SVG with XML prolog', bytes('<?xml version="1.0"?><svg/>')],
    ['EXE', bytes('MZ', [0x90, 0, 3, 0, 0, 0, 4, 0, 0, 0, 0xff, 0xff, 0, 0])],
    ['ZIP', bytes('PK', [3, 4, 20, 0, 0, 0, 8, 0, 0, 0, 0, 0, 0, 0])],
    ['GIF', bytes('GIF89a', [1, 0, 1, 0, 0, 0, 0, 0, 0, 0])],
    ['PDF', bytes('%PDF-1.7\n%âãÏÓ\n')],
    ['JSON', bytes('{"data":[{"url":"x"}]}')],
    ['empty', bytes()],
    ['truncated PNG signature', bytes(PNG_SIG.slice(0, 7))],
    ['truncated JPEG signature', bytes([0xff, 0xd8])],
    ['truncated WebP', bytes('RIFF', [1, 2, 3, 4], 'WEBP')],
    ['RIFF WAVE', bytes('RIFF', [1, 2, 3, 4], 'WAVEfmt ')],
    ['truncated MP4', bytes([0, 0, 0, 0x18], 'ftyp')],
    ['AVIF (ftyp of a still image)', bytes([0, 0, 0, 0x1c], 'ftypavif', [0, 0, 0, 0])],
    ['HEIC', bytes([0, 0, 0, 0x18], 'ftypheic', [0, 0, 0, 0])],
    ['PNG signature one byte off', bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0b])],
    ['PNG signature late', bytes([0x20], PNG_SIG)]
  ]

  it.each(refused)('rejects %s', (_name, input) => {
    expect(sniffMedia(input)).toBeNull()
  })

  it('ignores any label: HTML, SVG, EXE and ZIP "labelled image/png" are bytes like any other', () => {
    // There is no label parameter at all; the figure of P32 is that each of these is refused: 4/4.
    const labelled = refused.filter(([n]) => ['HTML', 'SVG', 'EXE', 'ZIP'].includes(n))
    expect(labelled).toHaveLength(4)
    expect(labelled.map(([, b]) => sniffMedia(b))).toEqual([null, null, null, null])
  })
})
