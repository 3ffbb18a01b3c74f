import {
  copyFileSync,
  createReadStream,
  createWriteStream,
  mkdirSync,
  rmSync,
  statSync,
  writeFileSync
} from 'node:fs'
import { join } from 'node:path'
import { ExifTool } from 'exiftool-vendored'
import { ZipFile } from 'yazl'
import { openDatabase, type Db } from '../../src/main/db/connection'
import { migrate } from '../../src/main/db/migrate'
import { migrations } from '../../src/main/db/migrations'
import { ExportManager } from '../../src/main/gallery/export/manager'
import { GalleryStore } from '../../src/main/gallery/store'
import { Library } from '../../src/main/library'
import { EXIFTOOL_CONFIG, MetadataWriter, tagsOf } from '../../src/main/provenance/embed'
import { recordOf } from '../../src/main/provenance/record'
import sharp from 'sharp'
import { seedResults, storeImages } from '../../test/e2e/support/gallerySeed'
import { makeTempDir } from '../../test/helpers/tempDir'
import { cpuProfiled } from '../cpuProfile'
import { bench, speed, timeIt, type Sample } from '../harness'
import { systemClock } from '../../src/main/time/clock'
import { DiskMediaStore } from '../../src/main/library/diskStore'

/** Distinct files behind the results (each read once per entry, as any export would). */
const DISTINCT = 250
const SELECTION = { kind: 'filter' as const, filter: {}, except: [] }

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

/**
 * The libraries alone doing the same work: ExifTool (exiftool-vendored, two processes, two files in the
 * making as the export keeps) writes the same fields into a copy of each file, then yazl zips the copies
 * (stored, lazily opened) to a file.
 */
async function librariesAlone(
  exiftool: ExifTool,
  files: { path: string; name: string; tags: Record<string, string | string[] | null> }[],
  work: string,
  out: string
): Promise<void> {
  mkdirSync(work, { recursive: true })
  const copies: string[] = []
  let next = 0
  const worker = async (): Promise<void> => {
    while (next < files.length) {
      const index = next++
      const file = files[index]
      if (!file) return
      const copy = join(work, `${index}.jpg`)
      copyFileSync(file.path, copy)
      await exiftool.write(copy, file.tags, { writeArgs: ['-overwrite_original'] })
      copies[index] = copy
    }
  }
  await Promise.all([worker(), worker()])
  const zip = new ZipFile()
  files.forEach((file, index) => {
    zip.addReadStreamLazy(file.name, { compress: false }, (callback) =>
      callback(null, createReadStream(copies[index] ?? ''))
    )
  })
  zip.end()
  await new Promise<void>((resolve, reject) => {
    const sink = createWriteStream(out)
    sink.on('close', () => resolve())
    sink.on('error', reject)
    zip.outputStream.pipe(sink)
  })
  rmSync(work, { recursive: true, force: true })
}

interface State {
  temp: { dir: string; cleanup: () => void }
  db: Db
  manager: ExportManager
  metadata: MetadataWriter
  exiftool: ExifTool
  files: { path: string; name: string; tags: Record<string, string | string[] | null> }[]
  totalBytes: number
  images: number
}

/**
 * Exporting 10,000 full-size images (1,000 with --quick; 250 distinct 1024×1024 JPEGs of about 200 KB behind
 * them: query, names, manifests, page, each image's story written into its copy, zip and rename) against
 * the libraries alone doing the same: ExifTool writing the same fields into copies, yazl zipping them.
 */
export const exportSpeed = bench<State>({
  name: 'export: 10,000 images to a zip vs ExifTool and yazl alone',
  async setup(ctx) {
    const images = ctx.quick ? 1_000 : 10_000
    const temp = makeTempDir('gs-bench-export-')
    const dataDir = join(temp.dir, 'data')
    mkdirSync(dataDir, { recursive: true })
    const db = openDatabase(join(dataDir, 'studio.db'))
    migrate(db, migrations)
    const library = new Library(db, new DiskMediaStore(join(dataDir, 'library')), { clock: systemClock })
    const media = await storeImages(library, await largeImages(DISTINCT))
    // Their thumbnails are made after them, on three threads: not during the first run's baseline.
    await library.idle()
    const now = Date.now()
    seedResults(
      db,
      Array.from({ length: images }, (_, i) => ({
        mediaId: media[i % DISTINCT]?.id ?? '',
        prompt: `bench image ${i} of a quiet harbour`,
        createdAt: now - i * 1000
      }))
    )
    const store = new GalleryStore(db)
    const rows = store.rows(SELECTION)
    const app = 'Gateway Studio bench'
    const files = rows.map((row, i) => ({
      path: library.localFile(row.mediaId) ?? '',
      name: `images/${i}.jpg`,
      tags: tagsOf(
        recordOf(
          { ...row, resultId: row.id, request: JSON.parse(row.params) as unknown },
          { app, gatewayHost: 'gateway.example.test' }
        ),
        'jpeg'
      )
    }))
    const totalBytes = files.reduce((sum, f) => sum + statSync(f.path).size, 0)
    const metadata = new MetadataWriter(join(temp.dir, 'metadata-work'))
    const config = join(temp.dir, 'exiftool.config')
    writeFileSync(config, EXIFTOOL_CONFIG, 'utf8')
    const exiftool = new ExifTool({
      maxProcs: 2,
      exiftoolArgs: ['-config', config, '-stay_open', 'True', '-@', '-']
    })
    const manager = new ExportManager({
      exportsDir: join(dataDir, 'exports'),
      protectedDir: dataDir,
      rows: (s) => store.rows(s),
      source: (id) => library.source(id),
      nameTemplate: () => '{date}_{model}_{index}',
      emit: () => undefined,
      appName: 'Gateway Studio',
      appVersion: 'bench',
      now: Date.now,
      metadata,
      gatewayHost: () => 'gateway.example.test'
    })
    return { temp, db, manager, metadata, exiftool, files, totalBytes, images }
  },
  async run({ temp, manager, exiftool, files, totalBytes, images }, ctx, run): Promise<Sample[]> {
    const out = join(temp.dir, `alone-${run}.zip`)
    const aloneMs = await timeIt(() => librariesAlone(exiftool, files, join(temp.dir, `alone-${run}`), out))
    rmSync(out)
    const exportMs = await timeIt(() =>
      cpuProfiled(run === 0 ? ctx.profileDir : null, 'export-zip', async () => {
        const done = await manager.wait(
          manager.start({ selection: SELECTION, format: 'zip', timeZone: 'UTC' }).exportId
        )
        if (done.status !== 'succeeded' || done.done !== images) throw new Error(`export ${done.status}`)
        rmSync(done.path ?? '')
      })
    )
    return [
      {
        key: 'export.zip',
        label: `export of ${images.toLocaleString('en')} images to a zip`,
        subjectIs: `the gallery export (query, names, manifests, page, each image's story written into its copy, zip, rename), ${(totalBytes / 1024 / 1024).toFixed(0)} MB`,
        baselineIs: 'ExifTool writing the same fields into a copy of each file, then yazl zipping the copies',
        unit: 'ms',
        subject: exportMs,
        baseline: aloneMs,
        ratio: speed(exportMs, aloneMs),
        goal: 'speed ≥ 0.9× the libraries alone',
        judge: ({ ratio }) => ratio >= 0.9
      }
    ]
  },
  async teardown(state) {
    if (!state) return
    await state.metadata.close()
    await state.exiftool.end()
    state.db.close()
    state.temp.cleanup()
  }
})
