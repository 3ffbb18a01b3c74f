import { createReadStream, createWriteStream, mkdirSync, rmSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { ZipFile } from 'yazl'
import { openDatabase } from '../../src/main/db/connection'
import { migrate } from '../../src/main/db/migrate'
import { migrations } from '../../src/main/db/migrations'
import { ExportManager } from '../../src/main/gallery/export/manager'
import { GalleryStore } from '../../src/main/gallery/store'
import { Library } from '../../src/main/library'
import sharp from 'sharp'
import { seedResults, storeImages } from '../../test/e2e/support/gallerySeed'
import { makeTempDir } from '../../test/helpers/tempDir'
import { median, timeIt, type Bench } from '../harness'

const IMAGES = 1000
/** Distinct files behind the 1,000 results (each read once per entry, as any export would). */
const DISTINCT = 250
const RUNS = 5

/**
 * Full-size generator-like images: 1024×1024 JPEG of softened noise over a gradient, about 200 KB each,
 * made by sharp (fast enough for hundreds).
 */
async function largeImages(count: number): Promise<Buffer[]> {
  const out: Buffer[] = []
  for (let i = 0; i < count; i++) {
    out.push(
      await sharp({
        create: {
          width: 1024,
          height: 1024,
          channels: 3,
          background: { r: (i * 53) % 256, g: (i * 97) % 256, b: (i * 31) % 256 },
          noise: { type: 'gaussian', mean: 128, sigma: 60 }
        }
      })
        .blur(1.2)
        .jpeg({ quality: 82 })
        .toBuffer()
    )
  }
  return out
}

/** yazl alone: the same files, the same entry options (stored, lazily opened), streamed to a file. */
async function zipAlone(files: { path: string; name: string }[], out: string): Promise<void> {
  const zip = new ZipFile()
  for (const file of files) {
    zip.addReadStreamLazy(file.name, { compress: false }, (callback) =>
      callback(null, createReadStream(file.path))
    )
  }
  zip.end()
  await new Promise<void>((resolve, reject) => {
    const sink = createWriteStream(out)
    sink.on('close', () => resolve())
    sink.on('error', reject)
    zip.outputStream.pipe(sink)
  })
}

/**
 * Exporting 1,000 full-size images (250 distinct 1024×1024 JPEGs, ~200 KB each; query, names, manifests,
 * page, zip and rename) against zipping the same 1,000 files with yazl alone, alternating, median of 5 each. Target: the export runs at ≥ 0.8× the
 * speed of the bare zip.
 */
export const exportSpeed: Bench = {
  name: 'export: 1,000 images to a zip vs yazl alone',
  async run() {
    const temp = makeTempDir('gs-bench-export-')
    try {
      const dataDir = join(temp.dir, 'data')
      mkdirSync(dataDir, { recursive: true })
      const db = openDatabase(join(dataDir, 'studio.db'))
      migrate(db, migrations)
      const library = new Library(db, join(dataDir, 'library'))
      const media = await storeImages(library, await largeImages(DISTINCT))
      const now = Date.now()
      seedResults(
        db,
        Array.from({ length: IMAGES }, (_, i) => ({
          mediaId: media[i % DISTINCT]?.id ?? '',
          prompt: `bench image ${i} of a quiet harbour`,
          createdAt: now - i * 1000
        }))
      )
      const store = new GalleryStore(db)
      const selection = { kind: 'filter' as const, filter: {}, except: [] }
      const rows = store.rows(selection)
      const files = rows.map((row, i) => ({
        path: library.resolve(row.mediaId)?.file ?? '',
        name: `images/${i}.jpg`
      }))
      const totalBytes = files.reduce((sum, f) => sum + statSync(f.path).size, 0)

      const exportsDir = join(dataDir, 'exports')
      const manager = new ExportManager({
        exportsDir,
        protectedDir: dataDir,
        rows: (s) => store.rows(s),
        resolveFile: (id) => library.resolve(id)?.file ?? null,
        nameTemplate: () => '{date}_{model}_{index}',
        emit: () => undefined,
        appName: 'Gateway Studio',
        appVersion: 'bench'
      })
      const subject: number[] = []
      const baseline: number[] = []
      for (let run = 0; run < RUNS; run++) {
        const out = join(temp.dir, `alone-${run}.zip`)
        baseline.push(await timeIt(() => zipAlone(files, out)))
        rmSync(out)
        subject.push(
          await timeIt(async () => {
            const done = await manager.wait(
              manager.start({ selection, format: 'zip', timeZone: 'UTC' }).exportId
            )
            if (done.status !== 'succeeded' || done.done !== IMAGES) throw new Error(`export ${done.status}`)
            rmSync(done.path ?? '')
          })
        )
      }
      db.close()
      const exportMs = median(subject)
      const aloneMs = median(baseline)
      // Speed ratio: how fast the export goes relative to the bare zip (1.0 = as fast).
      const ratio = aloneMs / exportMs
      return {
        name: exportSpeed.name,
        subject: `export ${exportMs.toFixed(0)} ms (${(totalBytes / 1024 / 1024).toFixed(1)} MB, ${IMAGES} images)`,
        baseline: `yazl alone ${aloneMs.toFixed(0)} ms`,
        ratio,
        target: 'speed ≥ 0.8× yazl alone',
        met: ratio >= 0.8,
        details: {
          exportRunsMs: subject.map((v) => v.toFixed(0)).join(', '),
          yazlRunsMs: baseline.map((v) => v.toFixed(0)).join(', '),
          megabytes: (totalBytes / 1024 / 1024).toFixed(1)
        }
      }
    } finally {
      temp.cleanup()
    }
  }
}
