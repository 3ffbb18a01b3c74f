import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { ExifTool } from 'exiftool-vendored'
import sharp from 'sharp'
import { openDatabase, type Db } from '../../src/main/db/connection'
import { migrate } from '../../src/main/db/migrate'
import { migrations } from '../../src/main/db/migrations'
import { ImportManager } from '../../src/main/gallery/imports'
import { ImportRows } from '../../src/main/gallery/importRows'
import { JobRepository } from '../../src/main/jobs/repository'
import { Library } from '../../src/main/library'
import { DiskMediaStore } from '../../src/main/library/diskStore'
import { EXIFTOOL_CONFIG, MetadataWriter, READ_ARGS } from '../../src/main/provenance/embed'
import { settingsOf } from '../../src/main/provenance/readBack'
import { systemClock } from '../../src/main/time/clock'
import type { ImportProgress } from '../../src/shared/schemas/imports'
import { a1111Exif, jpegSegment, jpegWith, piexifInsert } from '../../test/helpers/jpegExif'
import { pilText, withChunks } from '../../test/helpers/pngChunks'
import { makeTempDir } from '../../test/helpers/tempDir'
import { cpuProfiled } from '../cpuProfile'
import { bench, speed, timeIt, type Sample } from '../harness'

/** Distinct pictures behind the files; every file is made distinct by its own settings. */
const PICTURES = 40
const PER_FOLDER = 250

/** Generator-like pictures: 768×768, softened noise over a colour, as PNG and as JPEG by turns. */
async function pictures(): Promise<{ png: Buffer[]; jpeg: Buffer[] }> {
  const png: Buffer[] = []
  const jpeg: Buffer[] = []
  for (let i = 0; i < PICTURES; i++) {
    const picture = sharp({
      create: {
        width: 768,
        height: 768,
        channels: 3,
        background: { r: (i * 53) % 256, g: (i * 97) % 256, b: (i * 31) % 256 },
        noise: { type: 'gaussian', mean: 128, sigma: 40 }
      }
    }).blur(2)
    png.push(await picture.clone().png({ compressionLevel: 6 }).toBuffer())
    jpeg.push(await picture.clone().jpeg({ quality: 85 }).toBuffer())
  }
  return { png, jpeg }
}

/** A1111's settings text, its own seed and prompt for file `i`. */
const a1111Text = (i: number): string =>
  `a harbour at dawn, boat ${i}\nNegative prompt: blurry\nSteps: 28, Sampler: DPM++ 2M, CFG scale: 6.5, Seed: ${i}, Size: 768x768, Model: sdxl_base`

/** What other tools write into their PNGs, each file its own seed and prompt (so its own bytes). */
function settingsChunk(i: number): Buffer {
  switch (i % 3) {
    case 0:
      return pilText('parameters', a1111Text(i))
    case 1:
      return pilText(
        'prompt',
        JSON.stringify({
          '3': {
            class_type: 'KSampler',
            inputs: {
              seed: i,
              steps: 20,
              cfg: 7,
              sampler_name: 'euler',
              positive: ['6', 0],
              latent_image: ['5', 0]
            }
          },
          '5': { class_type: 'EmptyLatentImage', inputs: { width: 768, height: 768, batch_size: 1 } },
          '6': { class_type: 'CLIPTextEncode', inputs: { text: `a lighthouse, take ${i}` } }
        })
      )
    default:
      return pilText(
        'invokeai_metadata',
        JSON.stringify({ positive_prompt: `a paper boat ${i}`, seed: i, width: 768, height: 768, steps: 30 })
      )
  }
}

/** A JPEG made distinct by a comment segment right after its start (a camera's or an editor's note). */
function withComment(jpeg: Buffer, text: string): Buffer {
  return jpegWith(jpeg, jpegSegment(0xfffe, Buffer.from(text, 'latin1')))
}

function filesUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(folder, entry.name)) : [join(folder, entry.name)]
  )
}

interface State {
  temp: { dir: string; cleanup: () => void }
  folder: string
  files: string[]
  exiftool: ExifTool
  count: number
}

/** A fresh data folder each run: an import into one that has the images already would skip them all. */
async function importInto(dataDir: string, folder: string, count: number): Promise<void> {
  mkdirSync(dataDir, { recursive: true })
  const db: Db = openDatabase(join(dataDir, 'studio.db'))
  migrate(db, migrations)
  const library = new Library(db, new DiskMediaStore(join(dataDir, 'library')), { clock: systemClock })
  const metadata = new MetadataWriter(join(dataDir, 'metadata-work'))
  let finished: (progress: ImportProgress) => void = () => undefined
  const done = new Promise<ImportProgress>((resolve) => (finished = resolve))
  const imports = new ImportManager({
    rows: new ImportRows(db, new JobRepository(db, () => systemClock.now())),
    library,
    readSettings: async (path) => settingsOf(await metadata.readTags(path)),
    dataDir,
    emit: (progress) => {
      if (progress.status !== 'running') finished(progress)
    },
    now: () => systemClock.now()
  })
  try {
    await imports.importFolder(folder)
    const progress = await done
    if (progress.status !== 'succeeded' || progress.added !== count)
      throw new Error(`import ${progress.status}: ${progress.added} of ${count} added`)
    // Every file with settings came in with them, whichever way they were read: all but the noted JPEGs.
    const withSettings = db
      .prepare<[], { n: number }>(`SELECT count(*) AS n FROM jobs WHERE prompt <> ''`)
      .get()?.n
    const expected = count - Math.floor((count + 1) / 8)
    if (withSettings !== expected)
      throw new Error(`${withSettings} of ${count} came with settings, not ${expected}`)
    // Nothing is left running: an import makes no thumbnails (the gallery has them made as it shows them).
    await library.idle()
  } finally {
    await metadata.close()
    db.close()
  }
}

/**
 * Importing a folder of 10,000 images (1,000 with --quick) with the settings their files carry: walk,
 * read, hash, keep in the library, read the settings back (from the bytes where they sit plainly, by ExifTool
 * otherwise), write the rows;
 * against ExifTool alone reading the same files the same way (two processes, two files at a time).
 */
export const folderImport = bench<State>({
  name: 'folder import: 10,000 images vs ExifTool reading them alone',
  async setup(ctx) {
    const count = ctx.quick ? 1_000 : 10_000
    const temp = makeTempDir('gs-bench-import-')
    const folder = join(temp.dir, 'images')
    const { png, jpeg } = await pictures()
    for (let i = 0; i < count; i++) {
      const sub = join(folder, `set-${Math.floor(i / PER_FOLDER)}`)
      if (i % PER_FOLDER === 0) mkdirSync(sub, { recursive: true })
      const picture = i % PICTURES
      // Three in four PNGs with another tool's settings chunk; of the JPEGs, half with A1111's settings
      // in their EXIF (as it writes them, read by ExifTool), half with an editor's note and no settings.
      const bytes =
        i % 8 === 3
          ? piexifInsert(jpeg[picture] ?? Buffer.alloc(0), a1111Exif(a1111Text(i)))
          : i % 8 === 7
            ? withComment(jpeg[picture] ?? Buffer.alloc(0), `edited ${i}`)
            : withChunks(png[picture] ?? Buffer.alloc(0), [settingsChunk(i)])
      writeFileSync(join(sub, `${String(i).padStart(5, '0')}.${i % 4 === 3 ? 'jpg' : 'png'}`), bytes)
    }
    const files = filesUnder(folder)
    ctx.log(`${files.length} files in ${relative(temp.dir, folder)}`)
    const config = join(temp.dir, 'exiftool.config')
    writeFileSync(config, EXIFTOOL_CONFIG, 'utf8')
    const exiftool = new ExifTool({
      maxProcs: 2,
      exiftoolArgs: ['-config', config, '-stay_open', 'True', '-@', '-']
    })
    return { temp, folder, files, exiftool, count }
  },
  async run({ temp, folder, files, exiftool, count }, ctx, run): Promise<Sample[]> {
    let next = 0
    const reader = async (): Promise<void> => {
      for (let path = files[next++]; path !== undefined; path = files[next++])
        await exiftool.readRaw(path, { readArgs: [...READ_ARGS], useMWG: false })
    }
    const aloneMs = await timeIt(() => Promise.all([reader(), reader()]).then(() => undefined))
    const dataDir = join(temp.dir, `data-${run}`)
    const importMs = await timeIt(() =>
      cpuProfiled(run === 0 ? ctx.profileDir : null, 'folder-import', () =>
        importInto(dataDir, folder, count)
      )
    )
    rmSync(dataDir, { recursive: true, force: true })
    return [
      {
        key: 'import.folder',
        label: `import of a folder of ${count.toLocaleString('en')} images`,
        subjectIs:
          'the folder import (walk, read, hash, keep in the library, settings read from the bytes or by ExifTool, rows; thumbnails are made as the gallery shows them)',
        baselineIs: 'ExifTool reading the same files alone, two at a time',
        unit: 'ms',
        subject: importMs,
        baseline: aloneMs,
        ratio: speed(importMs, aloneMs),
        goal: 'speed ≥ 0.7× ExifTool reading alone',
        judge: ({ ratio }) => ratio >= 0.7
      }
    ]
  },
  async teardown(state) {
    if (!state) return
    await state.exiftool.end()
    state.temp.cleanup()
  }
})
