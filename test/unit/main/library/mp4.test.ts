import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { SAMPLE_VIDEO } from '../../../../src/emulator/assets/sample-video'
import { mp4InfoFromBytes, mp4InfoFromFile } from '../../../../src/main/library/mp4'
import { makeTempDir } from '../../../helpers/tempDir'

const temp = makeTempDir('gs-mp4-')
afterAll(() => temp.cleanup())

const box = (type: string, ...payload: Buffer[]): Buffer => {
  const body = Buffer.concat(payload)
  const head = Buffer.alloc(8)
  head.writeUInt32BE(body.length + 8, 0)
  head.write(type, 4, 'latin1')
  return Buffer.concat([head, body])
}

/** Version-1 (64-bit) mvhd and tkhd, with the moov after a big mdat (not "faststart"). */
function synthetic(): Buffer {
  const mvhd = Buffer.alloc(4 + 8 + 8 + 4 + 8 + 80)
  mvhd[0] = 1
  mvhd.writeUInt32BE(90_000, 20) // timescale
  mvhd.writeUInt32BE(0, 24)
  mvhd.writeUInt32BE(90_000 * 5 + 45_000, 28) // 5.5 s
  const audio = Buffer.alloc(4 + 32 + 8 + 8 + 36 + 8)
  audio[0] = 1
  const video = Buffer.alloc(4 + 32 + 8 + 8 + 36 + 8)
  video[0] = 1
  video.writeUInt32BE(1920 * 65536, 4 + 32 + 8 + 8 + 36)
  video.writeUInt32BE(1080 * 65536, 4 + 32 + 8 + 8 + 36 + 4)
  return Buffer.concat([
    box('ftyp', Buffer.from('isom\0\0\0\0isommp41', 'latin1')),
    box('mdat', Buffer.alloc(100_000)),
    box('moov', box('mvhd', mvhd), box('trak', box('tkhd', audio)), box('trak', box('tkhd', video)))
  ])
}

describe('MP4 box walk', () => {
  it('reads the emulator sample (320×180, 2 s) from bytes and from a file', () => {
    expect(mp4InfoFromBytes(SAMPLE_VIDEO.bytes)).toEqual({ width: 320, height: 180, durationMs: 2000 })
    const file = join(temp.dir, 'sample.mp4')
    writeFileSync(file, SAMPLE_VIDEO.bytes)
    expect(mp4InfoFromFile(file)).toEqual({ width: 320, height: 180, durationMs: 2000 })
  })

  it('handles version-1 boxes, moov at the end, and skips tracks without a picture', () => {
    const bytes = synthetic()
    expect(mp4InfoFromBytes(bytes)).toEqual({ width: 1920, height: 1080, durationMs: 5500 })
    const file = join(temp.dir, 'late-moov.mp4')
    writeFileSync(file, bytes)
    expect(mp4InfoFromFile(file)).toEqual({ width: 1920, height: 1080, durationMs: 5500 })
  })

  it('gives nulls for garbage, truncation and missing files, never throws', () => {
    const none = { width: null, height: null, durationMs: null }
    expect(mp4InfoFromBytes(Buffer.from('\0\0\0\x18ftypmp42garbage'))).toEqual(none)
    expect(mp4InfoFromBytes(SAMPLE_VIDEO.bytes.subarray(0, 100))).toEqual(none)
    const loop = Buffer.alloc(64)
    loop.writeUInt32BE(0, 0) // size 0: "to the end"
    expect(mp4InfoFromBytes(loop)).toEqual(none)
    expect(mp4InfoFromFile(join(temp.dir, 'missing.mp4'))).toEqual(none)
  })
})
