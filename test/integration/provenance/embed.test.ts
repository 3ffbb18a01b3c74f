import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DIGITAL_SOURCE_TYPE, MetadataWriter, PNG_KEYWORD } from '../../../src/main/provenance/embed'
import { recordJson } from '../../../src/main/provenance/record'
import { SAMPLE_RECORD as record } from '../../helpers/provenance'
import { pixelsHash, readBack, READER } from '../../helpers/exiftool'

/** Processes whose command line names `work` (and matches `pattern`, a pgrep regular expression). */
function processesOf(work: string, pattern = ''): number {
  try {
    const found = execFileSync('pgrep', ['-f', `${pattern}.*${work}`], { encoding: 'utf8' }).trim()
    return found === '' ? 0 : found.split('\n').length
  } catch {
    return 0
  }
}

/** A PNG with a `caBX` chunk (a C2PA manifest store) before its first IDAT, as a provider may send it. */
function withCaBX(png: Buffer): Buffer {
  const idat = png.indexOf(Buffer.from('IDAT')) - 4
  const data = Buffer.from('jumb-stand-in: the manifest store bytes')
  const chunk = Buffer.alloc(12 + data.length)
  chunk.writeUInt32BE(data.length, 0)
  chunk.write('caBX', 4, 'latin1')
  data.copy(chunk, 8)
  chunk.writeUInt32BE(0, 8 + data.length) // CRC: readers that detect credentials do not check it
  return Buffer.concat([png.subarray(0, idat), chunk, png.subarray(idat)])
}

describe('metadata written into the copies that leave the app (issue 26)', () => {
  let dir: string
  let writer: MetadataWriter
  const image = sharp({
    create: { width: 48, height: 32, channels: 3, background: { r: 200, g: 60, b: 40 } }
  }).composite([
    {
      input: { create: { width: 16, height: 16, channels: 3, background: { r: 10, g: 90, b: 200 } } },
      left: 8,
      top: 8
    }
  ])
  const formats: Record<'png' | 'jpeg' | 'webp', Buffer> = {
    png: Buffer.alloc(0),
    jpeg: Buffer.alloc(0),
    webp: Buffer.alloc(0)
  }

  beforeAll(async () => {
    if (!existsSync(READER))
      throw new Error(`${READER} is missing: install Debian's libimage-exiftool-perl (.ci/run does)`)
    dir = mkdtempSync(join(tmpdir(), 'gs-provenance-'))
    writer = new MetadataWriter(join(dir, 'work'))
    formats.png = await image.clone().png().toBuffer()
    formats.jpeg = await image.clone().jpeg({ quality: 90 }).toBuffer()
    formats.webp = await image.clone().webp({ quality: 80 }).toBuffer()
  })

  afterAll(async () => {
    await writer.close()
    rmSync(dir, { recursive: true, force: true })
  })

  for (const format of ['png', 'jpeg', 'webp'] as const) {
    it(`${format}: an independent reader finds every field; the pixels and the original are untouched`, async () => {
      const original = formats[format]
      const before = Buffer.from(original)
      const copy = await writer.embed(original, record)
      expect(copy.embedded).toBe(true)
      expect(original.equals(before)).toBe(true)
      expect(copy.bytes.equals(original)).toBe(false)
      const path = join(dir, `copy.${format}`)
      writeFileSync(path, copy.bytes)
      const read = readBack(path)
      expect(read['XMP-iptcExt:DigitalSourceType']).toBe(DIGITAL_SOURCE_TYPE)
      expect(read['XMP-xmp:CreatorTool']).toBe(record.app)
      expect(read['XMP-dc:Description']).toBe(record.prompt)
      expect(read['XMP-gs:Model']).toBe(record.model)
      expect(read['XMP-gs:Endpoint']).toBe(record.endpoint)
      expect(JSON.parse(String(read['XMP-gs:Parameters']))).toEqual(record.parameters)
      expect(String(read['XMP-gs:Seed'])).toBe(String(record.seed))
      expect(read['XMP-gs:RevisedPrompt']).toBe(record.revisedPrompt)
      expect(read['XMP-gs:GatewayHost']).toBe(record.gatewayHost)
      expect(read['XMP-gs:JobId']).toBe(record.jobId)
      expect(read['XMP-gs:ResultId']).toBe(record.resultId)
      expect(read['XMP-gs:BatchId']).toBe(record.batchId)
      expect(read['XMP-gs:EditOf']).toEqual(record.editOf)
      if (format === 'png') {
        // The same record as JSON in an iTXt chunk of its own.
        const chunk = Object.entries(read).find(([key]) => key.toLowerCase() === `png:${PNG_KEYWORD}`)
        expect(chunk?.[1]).toBeDefined()
        expect(JSON.parse(String(chunk?.[1]))).toEqual(JSON.parse(recordJson(record)))
        const itxt = copy.bytes.indexOf(Buffer.from(`iTXt${PNG_KEYWORD}\0`, 'latin1'))
        expect(itxt).toBeGreaterThan(0)
      }
      expect(await pixelsHash(copy.bytes)).toBe(await pixelsHash(original))
    })
  }

  it('puts the record in an iTXt chunk even when all of it is plain Latin text', async () => {
    const latin = { ...record, prompt: 'a red fox in snow', revisedPrompt: null }
    const copy = await writer.embed(formats.png, latin)
    expect(copy.bytes.indexOf(Buffer.from(`iTXt${PNG_KEYWORD}\0`, 'latin1'))).toBeGreaterThan(0)
    expect(copy.bytes.indexOf(Buffer.from(`tEXt${PNG_KEYWORD}\0`, 'latin1'))).toBe(-1)
  })

  it('never writes the key or anything but the host of the gateway', async () => {
    const copy = await writer.embed(formats.png, record)
    const text = copy.bytes.toString('latin1')
    expect(text).toContain(record.gatewayHost)
    expect(text).not.toMatch(/https?:\/\/gateway\.example\.test/)
  })

  it('gives a file with content credentials back byte for byte, saying why', async () => {
    const credentialed = withCaBX(formats.png)
    expect(await pixelsHash(credentialed)).toBe(await pixelsHash(formats.png))
    const copy = await writer.embed(credentialed, record)
    expect(copy).toEqual({ bytes: credentialed, embedded: false, reason: 'credentials' })
  })

  it('gives anything but PNG, JPEG and WebP back as it came', async () => {
    const gif = await image.clone().gif().toBuffer()
    expect(await writer.embed(gif, record)).toEqual({ bytes: gif, embedded: false, reason: 'format' })
    const notAnImage = Buffer.from('\0\0\0\x18ftypmp42 not really a video')
    expect((await writer.embed(notAnImage, record)).embedded).toBe(false)
  })

  it('ends its ExifTool process on close, and starts one again when asked', async () => {
    const work = join(dir, 'closing')
    const own = new MetadataWriter(work)
    await own.embed(formats.jpeg, record)
    expect(processesOf(work, '^perl ')).toBe(1)
    await own.close()
    expect(processesOf(work, '^perl ')).toBe(0)
    // The guard's watcher sees ExifTool gone within a second, and ends too.
    await noneLeft(work)
    expect((await own.embed(formats.jpeg, record)).embedded).toBe(true)
    await own.close()
    expect(processesOf(work, '^perl ')).toBe(0)
    await noneLeft(work)
  })

  /** Starts an app that embeds three copies (both ExifTool processes busy) and then idles, or exits at once. */
  async function appThatEmbeds(
    name: string,
    then: 'idle' | 'exit'
  ): Promise<{ app: ChildProcess; work: string }> {
    const work = join(dir, name)
    const script = join(dir, `${name}.mts`)
    writeFileSync(
      script,
      [
        `import { MetadataWriter } from ${JSON.stringify(join(process.cwd(), 'src/main/provenance/embed.ts'))}`,
        `const writer = new MetadataWriter(${JSON.stringify(work)})`,
        `const png = Buffer.from(${JSON.stringify(formats.png.toString('base64'))}, 'base64')`,
        `const record = ${JSON.stringify(record)}`,
        `await writer.embed(png, record)`,
        `await Promise.all([writer.embed(png, record), writer.embed(png, record)])`,
        `process.stdout.write('embedded\\n')`,
        then === 'exit' ? `process.exit(0)` : `setInterval(() => undefined, 1000)`
      ].join('\n')
    )
    const app = spawn(process.execPath, ['--import', 'tsx', script], {
      stdio: ['ignore', 'pipe', 'inherit']
    })
    await new Promise<void>((resolve, reject) => {
      app.stdout?.on('data', (data: Buffer) => {
        if (data.toString().includes('embedded')) resolve()
      })
      app.once('exit', (code) =>
        then === 'exit' ? resolve() : reject(new Error(`the app ended first (${code})`))
      )
    })
    return { app, work }
  }

  async function noneLeft(work: string): Promise<void> {
    const deadline = Date.now() + 5_000
    while (processesOf(work) > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200))
    expect(processesOf(work)).toBe(0)
  }

  it('leaves no ExifTool running when the app using it is killed outright (kill -9)', async () => {
    const { app, work } = await appThatEmbeds('killed', 'idle')
    expect(processesOf(work, '^perl ')).toBeGreaterThanOrEqual(1)
    app.kill('SIGKILL')
    await new Promise((resolve) => app.once('exit', resolve))
    expect(app.signalCode).toBe('SIGKILL')
    await noneLeft(work)
  }, 30_000)

  // An app that exits without closing the writer (a host stopped by a signal handler that calls exit) has
  // its ExifTool processes killed outright by exiftool-vendored on the way out: no wrapper may survive them.
  it('leaves no ExifTool running when the app exits without closing the writer', async () => {
    const { app, work } = await appThatEmbeds('exited', 'exit')
    if (app.exitCode === null) await new Promise((resolve) => app.once('exit', resolve))
    expect(app.exitCode).toBe(0)
    await noneLeft(work)
  }, 30_000)
})
