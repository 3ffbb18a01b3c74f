import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { Readable } from 'node:stream'
import { unzipSync } from 'fflate'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { folderWriter } from '../../../../../src/main/gallery/export/folderWriter'
import type { ExportPlan } from '../../../../../src/main/gallery/export/plan'
import { ExportCancelled, type ExportWriter } from '../../../../../src/main/gallery/export/writer'
import { zipWriter } from '../../../../../src/main/gallery/export/zipWriter'
import { recordJson, recordOf } from '../../../../../src/main/provenance/record'
import type { CopyOut } from '../../../../../src/main/gallery/export/exitCopy'
import { makeTempDir } from '../../../../helpers/tempDir'
import { fileSource } from './fileSource'

/** Every file under `path` (or the entries of a zip) as `relative path → text`. */
function contents(path: string): Record<string, string> {
  if (!statSync(path).isDirectory()) {
    const files = unzipSync(readFileSync(path))
    return Object.fromEntries(
      Object.entries(files).map(([name, bytes]) => [name, Buffer.from(bytes).toString()])
    )
  }
  const found = readdirSync(path, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile())
  return Object.fromEntries(
    found.map((entry) => {
      const file = join(entry.parentPath, entry.name)
      return [relative(path, file), readFileSync(file, 'utf8')]
    })
  )
}

// The contract a format must keep (see writer.ts): the same files whichever writer, nothing left on cancel.
describe.each([
  ['zip', zipWriter, 'team.zip', 'team.zip'],
  ['folder', folderWriter, 'team', null]
] as const)('the %s writer', (_format, writer: ExportWriter, written, downloadName) => {
  let temp: ReturnType<typeof makeTempDir>
  let plan: ExportPlan

  beforeEach(() => {
    temp = makeTempDir('gs-writer-')
    const files = ['a.png', 'b.png', 'c.png'].map((name, i) => {
      const source = join(temp.dir, `source-${i}`)
      writeFileSync(source, `image ${i}`)
      return {
        source: fileSource(source),
        name,
        createdAt: Date.UTC(2025, 4, 1),
        bytes: 7,
        mime: 'image/png',
        record: recordOf(
          {
            resultId: `r${i}`,
            jobId: `j${i}`,
            prompt: `prompt ${i}`,
            revisedPrompt: null,
            model: 'm',
            endpoint: 'imagesV3',
            request: {},
            batchId: null,
            createdAt: 0
          },
          { app: 'Gateway Studio test', gatewayHost: null }
        )
      }
    })
    plan = {
      exportedAt: Date.UTC(2025, 4, 2),
      files,
      manifestJson: '{}',
      manifestCsv: 'file\n',
      indexHtml: '<!doctype html>',
      page: [],
      batchCsv: null,
      skipped: 0
    }
  })
  afterEach(() => temp.cleanup())
  const writeWith = (copyOut: CopyOut): Promise<string> =>
    writer.write(temp.dir, 'team', plan, new AbortController().signal, () => undefined, copyOut)

  it('writes the images under images/ with the manifests and the page, and says where', async () => {
    const steps: (number | null)[] = []
    const path = await writer.write(temp.dir, 'team', plan, new AbortController().signal, (done) => {
      steps.push(done)
    })
    expect(path).toBe(join(temp.dir, written))
    expect(readdirSync(temp.dir).filter((name) => !name.startsWith('source-'))).toEqual([written])
    expect(contents(path)).toEqual({
      'images/a.png': 'image 0',
      'images/b.png': 'image 1',
      'images/c.png': 'image 2',
      'index.html': '<!doctype html>',
      'manifest.json': '{}',
      'manifest.csv': 'file\n'
    })
    expect(steps.length).toBeGreaterThan(0)
    expect(writer.downloadName('team')).toBe(downloadName)
  })

  it("writes a batch's batch.csv beside the manifests when the plan has one", async () => {
    const path = await writer.write(
      temp.dir,
      'team',
      { ...plan, batchCsv: 'job\r\n' },
      new AbortController().signal,
      () => undefined
    )
    expect(contents(path)['batch.csv']).toBe('job\r\n')
  })

  it('writes the copy it is given for each image, and a sidecar beside the ones that have one', async () => {
    const copyOut: CopyOut = (file) =>
      Promise.resolve({
        stream: Readable.from([Buffer.from(`copy of ${file.name}`)]),
        sidecar: file.name === 'b.png' ? recordJson(file.record) : null
      })
    const path = await writeWith(copyOut)
    const files = contents(path)
    expect(files['images/a.png']).toBe('copy of a.png')
    expect(files['images/b.png']).toBe('copy of b.png')
    expect(JSON.parse(files['images/b.png.json'] ?? '')).toMatchObject({ prompt: 'prompt 1', resultId: 'r1' })
    expect(Object.keys(files).filter((name) => name.endsWith('.json') && name.startsWith('images/'))).toEqual(
      ['images/b.png.json']
    )
  })

  it('writes a lent copy’s bytes and gives them back only once they are written', async () => {
    // Each copy's buffer is scribbled over the moment it is given back, as its next read would. A small
    // copy is where a file stream queues bytes without writing them yet.
    const released: string[] = []
    const times = (name: string): number => (name === 'a.png' ? 5 : 2000)
    const copyOut: CopyOut = (file) => {
      const bytes = Buffer.from(`lent copy of ${file.name}`.repeat(times(file.name)))
      return Promise.resolve({
        stream: Readable.from([Buffer.from(`stream of ${file.name}`)]),
        sidecar: null,
        lent: {
          bytes,
          release: () => {
            released.push(file.name)
            bytes.fill(0x58)
          }
        }
      })
    }
    const path = await writeWith(copyOut)
    const files = contents(path)
    for (const name of ['a.png', 'b.png', 'c.png'])
      expect(files[`images/${name}`]).toBe(`lent copy of ${name}`.repeat(times(name)))
    expect(released).toEqual(['a.png', 'b.png', 'c.png'])
  })

  it.each([1, 2])('leaves nothing behind when cancelled at progress step %i', async (cancelAt) => {
    const controller = new AbortController()
    let steps = 0
    const writing = writer.write(temp.dir, 'team', plan, controller.signal, () => {
      if (++steps === cancelAt) controller.abort(new ExportCancelled())
    })
    await expect(writing).rejects.toBeInstanceOf(ExportCancelled)
    expect(readdirSync(temp.dir).filter((name) => !name.startsWith('source-'))).toEqual([])
  })
})
