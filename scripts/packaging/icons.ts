// Draws the app icon (an open gateway with a spark of generated light inside it) and writes every file
// the installers need into resources/: Linux PNGs by size, a Windows .ico, a macOS .icns, and the SVG
// sources. Run with `npm run icons` after changing the drawing; the outputs are committed.
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import sharp from 'sharp'

/** Sizes below this get the simplified drawing: thin details vanish at 16-48 px. */
const SMALL_LIMIT = 48

const SPARK =
  'M512 420 C524 492 548 516 620 528 C548 540 524 564 512 636 C500 564 476 540 404 528 C476 516 500 492 512 420 Z'

/**
 * The full drawing sits on Apple's icon grid (an 824 px body in a 1024 px canvas, so it lines up with
 * other Dock icons); the small one fills its canvas and drops the ground line and the second spark.
 */
export function iconSvg(variant: 'large' | 'small'): string {
  const large = variant === 'large'
  const [x, size, radius] = large ? [100, 824, 184] : [32, 960, 200]
  const stroke = large ? 72 : 104
  const arch = large
    ? 'M352 744 V508 A160 160 0 0 1 672 508 V744'
    : 'M320 800 V500 A192 192 0 0 1 704 500 V800'
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1024" height="1024" viewBox="0 0 1024 1024">
  <defs>
    <linearGradient id="body" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#7474f8"/>
      <stop offset="1" stop-color="#3a3ac4"/>
    </linearGradient>
    <linearGradient id="spark" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#ffe49a"/>
      <stop offset="1" stop-color="#ffb347"/>
    </linearGradient>
  </defs>
  <rect x="${x}" y="${x}" width="${size}" height="${size}" rx="${radius}" fill="url(#body)"/>
  <path d="${arch}" fill="none" stroke="#ffffff" stroke-width="${stroke}" stroke-linecap="round" stroke-linejoin="round"/>
  ${
    large
      ? `<path d="M272 744 H752" stroke="#ffffff" stroke-opacity="0.55" stroke-width="40" stroke-linecap="round"/>
  <path d="${SPARK}" fill="url(#spark)"/>
  <path d="M712 236 C716 262 726 272 752 276 C726 280 716 290 712 316 C708 290 698 280 672 276 C698 272 708 262 712 236 Z" fill="#ffe49a"/>`
      : `<path d="${SPARK}" transform="translate(512 560) scale(1.45) translate(-512 -528)" fill="url(#spark)"/>`
  }
</svg>
`
}

/** Linux wants one PNG per size; 1024 doubles as the macOS source and the window icon. */
export const PNG_SIZES = [16, 24, 32, 48, 64, 128, 256, 512, 1024] as const
export const ICO_SIZES = [16, 24, 32, 48, 64, 128, 256] as const

/** ICNS element types that hold PNG data, with their pixel size (Apple's "iconutil" set). */
export const ICNS_TYPES: ReadonlyArray<readonly [string, number]> = [
  ['icp4', 16],
  ['icp5', 32],
  ['icp6', 64],
  ['ic07', 128],
  ['ic08', 256],
  ['ic09', 512],
  ['ic10', 1024],
  ['ic11', 32],
  ['ic12', 64],
  ['ic13', 256],
  ['ic14', 512]
]

export function renderPng(size: number): Promise<Buffer> {
  const svg = iconSvg(size <= SMALL_LIMIT ? 'small' : 'large')
  return sharp(Buffer.from(svg), { density: Math.max(1, (72 * size) / 1024) })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toBuffer()
}

/** A Windows icon whose entries are PNG images (supported since Vista; 256 is stored as 0 in the directory). */
export function icoFile(images: ReadonlyArray<{ size: number; png: Buffer }>): Buffer {
  const header = Buffer.alloc(6)
  header.writeUInt16LE(0, 0)
  header.writeUInt16LE(1, 2)
  header.writeUInt16LE(images.length, 4)
  const directory = Buffer.alloc(16 * images.length)
  let offset = header.length + directory.length
  images.forEach(({ size, png }, index) => {
    const entry = index * 16
    directory.writeUInt8(size >= 256 ? 0 : size, entry)
    directory.writeUInt8(size >= 256 ? 0 : size, entry + 1)
    directory.writeUInt8(0, entry + 2)
    directory.writeUInt8(0, entry + 3)
    directory.writeUInt16LE(1, entry + 4)
    directory.writeUInt16LE(32, entry + 6)
    directory.writeUInt32LE(png.length, entry + 8)
    directory.writeUInt32LE(offset, entry + 12)
    offset += png.length
  })
  return Buffer.concat([header, directory, ...images.map((image) => image.png)])
}

/** A macOS icon file: 'icns', total length, then (type, length including its 8-byte header, data) elements. */
export function icnsFile(elements: ReadonlyArray<{ type: string; png: Buffer }>): Buffer {
  const parts = elements.map(({ type, png }) => {
    const head = Buffer.alloc(8)
    head.write(type, 0, 'latin1')
    head.writeUInt32BE(png.length + 8, 4)
    return Buffer.concat([head, png])
  })
  const body = Buffer.concat(parts)
  const head = Buffer.alloc(8)
  head.write('icns', 0, 'latin1')
  head.writeUInt32BE(body.length + 8, 4)
  return Buffer.concat([head, body])
}

async function main(): Promise<void> {
  const resources = join(__dirname, '..', '..', 'resources')
  mkdirSync(join(resources, 'icons'), { recursive: true })
  writeFileSync(join(resources, 'icon.svg'), iconSvg('large'))
  writeFileSync(join(resources, 'icon-small.svg'), iconSvg('small'))
  const pngs = new Map<number, Buffer>()
  for (const size of PNG_SIZES) {
    const png = await renderPng(size)
    pngs.set(size, png)
    writeFileSync(join(resources, 'icons', `${size}x${size}.png`), png)
  }
  const png = (size: number): Buffer => pngs.get(size) ?? Buffer.alloc(0)
  writeFileSync(join(resources, 'icon.png'), png(1024))
  writeFileSync(join(resources, 'icon.ico'), icoFile(ICO_SIZES.map((size) => ({ size, png: png(size) }))))
  writeFileSync(
    join(resources, 'icon.icns'),
    icnsFile(ICNS_TYPES.map(([type, size]) => ({ type, png: png(size) })))
  )
}

// Only when run as a script (`npm run icons`), not when a test imports the writers.
if (process.argv[1]?.endsWith('icons.ts')) {
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`)
    process.exit(1)
  })
}
