import { closeSync, fstatSync, openSync, readSync } from 'node:fs'

/**
 * Width, height and duration of an MP4 from its `moov` box: `mvhd` (timescale, duration) and the first
 * `tkhd` with a picture size (16.16 fixed point). A plain box walk; anything odd gives nulls, never throws.
 */
export interface Mp4Info {
  width: number | null
  height: number | null
  durationMs: number | null
}

const NONE: Mp4Info = { width: null, height: null, durationMs: null }
/** `moov` is small (sample tables); a bigger one is not worth reading for three numbers. */
const MAX_MOOV_BYTES = 16 * 1024 * 1024
const MAX_BOXES = 10_000

interface ByteSource {
  size: number
  read(offset: number, length: number): Uint8Array
}

interface Box {
  type: string
  /** Offset of the payload and its end. */
  start: number
  end: number
}

const u32 = (b: Uint8Array, at: number): number =>
  (((b[at] ?? 0) << 24) >>> 0) + ((b[at + 1] ?? 0) << 16) + ((b[at + 2] ?? 0) << 8) + (b[at + 3] ?? 0)
const u64 = (b: Uint8Array, at: number): number => u32(b, at) * 2 ** 32 + u32(b, at + 4)
const fourcc = (b: Uint8Array, at: number): string => String.fromCharCode(...b.subarray(at, at + 4))

/** The boxes between `from` and `to` in `source`, one level deep. */
function* boxes(source: ByteSource, from: number, to: number): Generator<Box> {
  let at = from
  for (let n = 0; n < MAX_BOXES && at + 8 <= to; n++) {
    const h = source.read(at, 16)
    if (h.length < 8) return
    let size = u32(h, 0)
    let headerSize = 8
    if (size === 1) {
      if (h.length < 16) return
      size = u64(h, 8)
      headerSize = 16
    } else if (size === 0) {
      size = to - at
    }
    if (size < headerSize || at + size > to) return
    yield { type: fourcc(h, 4), start: at + headerSize, end: at + size }
    at += size
  }
}

function find(source: ByteSource, from: number, to: number, type: string): Box | undefined {
  for (const box of boxes(source, from, to)) if (box.type === type) return box
  return undefined
}

function parseMoov(moov: Uint8Array): Mp4Info {
  const src: ByteSource = { size: moov.length, read: (o, l) => moov.subarray(o, o + l) }
  let durationMs: number | null = null
  let width: number | null = null
  let height: number | null = null
  const mvhd = find(src, 0, moov.length, 'mvhd')
  if (mvhd) {
    const v = moov[mvhd.start] ?? 0
    const timescale = u32(moov, mvhd.start + (v === 1 ? 20 : 12))
    const duration = v === 1 ? u64(moov, mvhd.start + 24) : u32(moov, mvhd.start + 16)
    if (timescale > 0 && duration > 0 && duration !== 0xffffffff) {
      durationMs = Math.round((duration / timescale) * 1000)
    }
  }
  for (const trak of boxes(src, 0, moov.length)) {
    if (trak.type !== 'trak') continue
    const tkhd = find(src, trak.start, trak.end, 'tkhd')
    if (!tkhd) continue
    const v = moov[tkhd.start] ?? 0
    // version(1) flags(3), times and ids (v0: 20, v1: 32), reserved 8, layer/group/volume/reserved 8, matrix 36
    const at = tkhd.start + 4 + (v === 1 ? 32 : 20) + 8 + 8 + 36
    if (at + 8 > tkhd.end) continue
    const w = Math.floor(u32(moov, at) / 65536)
    const h = Math.floor(u32(moov, at + 4) / 65536)
    if (w > 0 && h > 0) {
      width = w
      height = h
      break
    }
  }
  return { width, height, durationMs }
}

function infoFrom(source: ByteSource): Mp4Info {
  const moov = find(source, 0, source.size, 'moov')
  if (!moov || moov.end - moov.start > MAX_MOOV_BYTES) return NONE
  return parseMoov(source.read(moov.start, moov.end - moov.start))
}

export function mp4InfoFromBytes(bytes: Uint8Array): Mp4Info {
  try {
    return infoFrom({ size: bytes.length, read: (o, l) => bytes.subarray(o, o + l) })
  } catch {
    return NONE
  }
}

/** Reads only the box headers and the `moov` box, so a 2 GiB file costs a few small reads. */
export function mp4InfoFromFile(path: string): Mp4Info {
  let fd: number | undefined
  try {
    fd = openSync(path, 'r')
    const handle = fd
    const size = fstatSync(handle).size
    return infoFrom({
      size,
      read: (offset, length) => {
        const buf = Buffer.alloc(Math.max(0, Math.min(length, size - offset)))
        const n = readSync(handle, buf, 0, buf.length, offset)
        return buf.subarray(0, n)
      }
    })
  } catch {
    return NONE
  } finally {
    if (fd !== undefined) closeSync(fd)
  }
}
