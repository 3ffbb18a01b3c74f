import { createHash, randomUUID } from 'node:crypto'
import {
  cpSync,
  existsSync,
  linkSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync
} from 'node:fs'
import { join } from 'node:path'
import sharp, { type Sharp } from 'sharp'
import { ChatReads } from '../src/main/chat/reads'
import { markClosedCleanly } from '../src/main/dataFolder/database'
import { openDatabase, type Db } from '../src/main/db/connection'
import { migrate } from '../src/main/db/migrate'
import { migrations } from '../src/main/db/migrations'
import { nameKey } from '../src/main/db/nameKey'
import { sweepTempFiles } from '../src/main/library/atomic'
import { makeImageThumbnail } from '../src/main/library/thumbnails'
import { DEMO_PROFILE_ID, ProfileRepository } from '../src/main/profiles/repository'
import { mulberry32 } from '../test/e2e/support/gallerySeed'
import { BENCH_DIR } from './harness'

/**
 * Benchmark fixtures, written straight into SQLite (one transaction, prepared statements) and cached under
 * `.bench/fixtures/<name>-<generator>` (never committed): made once, reused by later runs until this file
 * changes. The key is this file's own hash, not a version number to remember to bump: a cache that outlived
 * a change of the generator once hid, on the machine it was made on, rows no fresh machine could show. A
 * data folder here is a template; a bench that lets the backend write copies it first.
 */
const GENERATOR = createHash('sha256').update(readFileSync(__filename)).digest('hex').slice(0, 12)
const FIXTURES = join(BENCH_DIR, 'fixtures')

/**
 * Brings a cached fixture to what the app would leave at its next start: the database at the latest
 * migration, and the library swept once (so, as in any library opened before, its folders are known).
 */
function upToDate(dataDir: string): void {
  const db = openDatabase(join(dataDir, 'studio.db'))
  try {
    migrate(db, migrations)
    db.pragma('wal_checkpoint(TRUNCATE)')
  } finally {
    db.close()
  }
  const library = join(dataDir, 'library')
  if (existsSync(library)) sweepTempFiles(library, join(library, '.sweep-state.json'), Date.now())
}

/** Builds `name` once with `make(dir)` into a temp folder, then renames it into place. */
async function cached(
  name: string,
  make: (dir: string) => Promise<void>,
  log: (line: string) => void
): Promise<string> {
  const dir = join(FIXTURES, `${name}-${GENERATOR}`)
  if (existsSync(join(dir, '.complete'))) return dir
  rmSync(dir, { recursive: true, force: true })
  const building = `${dir}.building-${process.pid}`
  rmSync(building, { recursive: true, force: true })
  mkdirSync(building, { recursive: true })
  const start = Date.now()
  log(`(making fixture ${name}; cached in .bench/fixtures for later runs)`)
  await make(building)
  writeFileSync(join(building, '.complete'), '')
  renameSync(building, dir)
  log(`(fixture ${name} made in ${((Date.now() - start) / 1000).toFixed(1)} s)`)
  return dir
}

// ---------------------------------------------------------------------------------------------------------
// Words: prompts drawn from a vocabulary with a Zipf-like distribution, as real prompts are.

const COMMON = `a an the of in on at with and by for from under over through into near beside behind above
portrait landscape photo photograph illustration painting render sketch poster logo icon concept art
cinematic moody dramatic soft warm cold golden hour blue hour dawn dusk night sunset sunrise rain fog
mist snow storm light lighting shadow shadows reflection reflections glow neon bokeh depth field lens
wide angle close up macro aerial view isometric minimal detailed highly intricate realistic stylized
watercolor oil pastel ink charcoal pencil digital vector flat retro vintage futuristic cyberpunk
steampunk fantasy surreal dreamy whimsical cozy quiet calm vibrant muted pastel monochrome black white
red orange yellow green teal blue purple pink gold silver copper bronze emerald crimson amber azure
city street alley market harbour harbor port bridge tower lighthouse castle cathedral temple village
cottage cabin house room kitchen library studio garden forest jungle desert canyon mountain mountains
valley river lake ocean sea beach island cliff cave glacier volcano meadow field farm orchard park
fox wolf cat dog owl raven crow deer bear tiger lion horse whale dolphin octopus jellyfish butterfly
dragon robot astronaut knight wizard witch samurai pirate sailor dancer musician chef gardener child
woman man girl boy elder family crowd couple friends stranger traveler explorer scientist detective
teapot cup bowl vase lamp chair table bicycle car train ship boat airplane balloon kite umbrella
book map clock mirror window door staircase rooftop balcony greenhouse tent campfire lantern candle
flowers roses tulips sunflowers leaves leaf tree trees moss mushrooms fern cactus bamboo cherry blossom
stars galaxy moon sun planet nebula comet aurora clouds sky horizon waves tide sand stones crystal
glass metal wood paper fabric linen silk velvet leather ceramic porcelain marble concrete brick
8k 4k hdr unreal engine octane trending artstation award winning masterpiece sharp focus film grain
35mm 50mm 85mm kodak portra fujifilm polaroid tilt shift long exposure symmetrical centered rule thirds`
  .split(/\s+/)
  .filter(Boolean)

const SYLLABLES = [
  'ka',
  'lo',
  'mi',
  'ren',
  'tor',
  'vel',
  'sa',
  'qui',
  'dor',
  'an',
  'el',
  'is',
  'um',
  'zar',
  'bri',
  'fen'
]

/** The common words, then a long tail of made-up names (places, styles, characters) as real prompts have. */
function vocabulary(random: () => number, tail: number): string[] {
  const words = [...COMMON]
  const seen = new Set(words)
  while (words.length < COMMON.length + tail) {
    const n = 2 + Math.floor(random() * 3)
    let word = ''
    for (let i = 0; i < n; i++) word += SYLLABLES[Math.floor(random() * SYLLABLES.length)]
    if (!seen.has(word)) {
      seen.add(word)
      words.push(word)
    }
  }
  return words
}

/** Zipf(s≈1) index in [0, n): rank r with probability ∝ 1/(r+1), by inverting the harmonic CDF roughly. */
function zipf(random: () => number, n: number): number {
  return Math.min(n - 1, Math.floor(Math.exp(random() * Math.log(n + 1)) - 1))
}

function prompt(random: () => number, words: string[], min: number, max: number): string {
  const length = min + Math.floor(random() * (max - min + 1))
  const out: string[] = []
  for (let i = 0; i < length; i++) out.push(words[zipf(random, words.length)] ?? 'image')
  return out.join(' ').replace(/^./, (c) => c.toUpperCase())
}

// ---------------------------------------------------------------------------------------------------------
// Images: a few hundred real files of mixed aspect ratios, behind many media rows (hard links, so the library
// folder has one entry per row as a real one would, without writing gigabytes).

const ASPECTS: { w: number; h: number; weight: number }[] = [
  { w: 1, h: 1, weight: 40 },
  { w: 3, h: 2, weight: 12 },
  { w: 2, h: 3, weight: 12 },
  { w: 16, h: 9, weight: 12 },
  { w: 9, h: 16, weight: 12 },
  { w: 4, h: 3, weight: 6 },
  { w: 3, h: 4, weight: 6 }
]
const LONG_SIDES = [1024, 1024, 1536, 2048, 1792, 768]
const FORMATS = [
  { mime: 'image/png', ext: 'png' },
  { mime: 'image/png', ext: 'png' },
  { mime: 'image/jpeg', ext: 'jpg' },
  { mime: 'image/jpeg', ext: 'jpg' },
  { mime: 'image/webp', ext: 'webp' }
] as const

function pickAspect(random: () => number): number {
  let roll = random() * 100
  for (const [i, a] of ASPECTS.entries()) {
    roll -= a.weight
    if (roll < 0) return i
  }
  return 0
}

const dims = (aspect: number, long: number): { width: number; height: number } => {
  const a = ASPECTS[aspect] ?? { w: 1, h: 1 }
  return a.w >= a.h
    ? { width: long, height: Math.round((long * a.h) / a.w) }
    : { width: Math.round((long * a.w) / a.h), height: long }
}

/** A generator-like picture: gradient, a few soft shapes, and grain so it compresses like a photo. */
async function picture(random: () => number, width: number, height: number): Promise<Sharp> {
  const c = (): string =>
    `#${Array.from({ length: 3 }, () =>
      Math.floor(random() * 256)
        .toString(16)
        .padStart(2, '0')
    ).join('')}`
  const shapes = Array.from(
    { length: 3 + Math.floor(random() * 4) },
    () =>
      `<circle cx="${(random() * width).toFixed(0)}" cy="${(random() * height).toFixed(0)}" r="${(
        (0.08 + random() * 0.3) *
        Math.min(width, height)
      ).toFixed(0)}" fill="${c()}" fill-opacity="0.7"/>`
  ).join('')
  const svg = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x2="1" y2="1">` +
      `<stop offset="0" stop-color="${c()}"/><stop offset="1" stop-color="${c()}"/></linearGradient></defs>` +
      `<rect width="100%" height="100%" fill="url(#g)"/>${shapes}</svg>`
  )
  const noise = await sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 70 }
    }
  })
    .png()
    .toBuffer()
  const base = await sharp(svg).flatten().png().toBuffer()
  return sharp(base).composite([{ input: noise, blend: 'soft-light' }])
}

interface ImageFiles {
  /** Per aspect: paths (inside `dir`) of full-size files, with their format and size. */
  originals: { file: string; mime: string; ext: string; width: number; height: number }[][]
  /** Per aspect: real WebP thumbnails made by the library's own thumbnailer. */
  thumbs: string[][]
}

async function makeImageFiles(
  dir: string,
  distinctThumbs: number,
  random: () => number
): Promise<ImageFiles> {
  mkdirSync(dir, { recursive: true })
  const originals: ImageFiles['originals'] = ASPECTS.map(() => [])
  const thumbs: ImageFiles['thumbs'] = ASPECTS.map(() => [])
  for (let aspect = 0; aspect < ASPECTS.length; aspect++) {
    // Full-size files: only the detail view and exports read them; a few per aspect and format.
    for (const [f, format] of FORMATS.entries()) {
      const { width, height } = dims(aspect, 1024)
      const image = await picture(random, width, height)
      const bytes = await (
        format.ext === 'png'
          ? image.png({ compressionLevel: 6 })
          : format.ext === 'jpg'
            ? image.jpeg({ quality: 88 })
            : image.webp({ quality: 85 })
      ).toBuffer()
      const file = join(dir, `o-${aspect}-${f}.${format.ext}`)
      writeFileSync(file, bytes)
      originals[aspect]?.push({ file, mime: format.mime, ext: format.ext, width, height })
    }
  }
  for (let i = 0; i < distinctThumbs; i++) {
    const aspect = i < ASPECTS.length ? i : pickAspect(random)
    const { width, height } = dims(aspect, 768)
    const source = await (await picture(random, width, height)).jpeg({ quality: 92 }).toBuffer()
    const thumb = await makeImageThumbnail(source)
    const file = join(dir, `t-${i}.webp`)
    writeFileSync(file, thumb.webp)
    thumbs[aspect]?.push(file)
  }
  return { originals, thumbs }
}

// ---------------------------------------------------------------------------------------------------------
// The gallery: jobs, tasks, results, media and search rows as the task repository and library write them.

export interface GalleryFixture {
  /** A data folder (studio.db + library/) with `images` stored images; read-only: copy before writing. */
  dataDir: string
  images: number
  jobs: number
  /** What people type when searching this gallery, one query each (words that occur in the prompts). */
  searches: readonly string[]
}

const ENDPOINTS = [
  {
    model: 'studio-image-v3',
    endpoint: '/v3/images/generations',
    request: 'imagesV3',
    unit: 'image',
    per: [1, 1, 2, 4]
  },
  {
    model: 'studio-image-async',
    endpoint: '/v2/images/generations',
    request: 'imagesV2',
    unit: 'image',
    per: [1, 2, 3, 4]
  },
  {
    model: 'seedream-stream',
    endpoint: '/partner-a/v3/images/generations',
    request: 'partnerA',
    unit: 'image',
    per: [1, 4, 6, 10]
  },
  {
    model: 'studio-image-compat',
    endpoint: '/v1/images/generations',
    request: 'imagesV1',
    unit: 'token',
    per: [1, 1, 1, 2]
  },
  {
    model: 'partner-b-pro',
    endpoint: '/partner-b/v1/images',
    request: 'partnerB',
    unit: 'image',
    per: [1, 1, 2, 2]
  }
] as const

const hex = (n: number, salt: string): string => createHash('sha256').update(`${salt}:${n}`).digest('hex')

function monthOf(at: number): string {
  const d = new Date(at)
  return `${d.getUTCFullYear()}/${String(d.getUTCMonth() + 1).padStart(2, '0')}`
}

/** One image in 25 came from a teammate. */
const TEAM_SHARE = 0.04
const TEAM_AUTHORS = ['Mira Okafor', 'Jonas Lind', 'Aiko Tanaka', 'Sam Rivera', 'Noor Haddad']

/** Under ext4's limit of 65,000 names per file: past it, a source file gets a fresh copy to link. */
const LINKS_PER_FILE = 60_000

/** Links every library file to its source, copying a source once it has as many names as a file may. */
function linkAll(links: readonly [string, string][], library: string): void {
  const named = new Map<string, { file: string; names: number; copies: number }>()
  for (const [from, rel] of links) {
    let source = named.get(from)
    if (!source) named.set(from, (source = { file: from, names: 1, copies: 0 }))
    if (source.names >= LINKS_PER_FILE) {
      source.copies += 1
      source.file = `${from}.${source.copies}`
      cpSync(from, source.file)
      source.names = 1
    }
    linkSync(source.file, join(library, ...rel.split('/')))
    source.names += 1
  }
}

/** The first schema with a library (jobs, results, media, search): what fixtures are seeded at. */
export const UPGRADE_FROM = 3

interface SeedGalleryOptions {
  images: number
  boards: number
  /**
   * Where to keep a copy of the database as the first app version with a library would have left it
   * (schema `UPGRADE_FROM`: no boards, no team images, which later versions brought), before it is
   * migrated: what the upgrade bench opens.
   */
  upgradeCopy?: string
  distinctThumbs: number
  /** Spread of creation times, ending now. */
  days: number
  seed: number
}

async function seedGallery(dataDir: string, options: SeedGalleryOptions): Promise<{ jobs: number }> {
  const random = mulberry32(options.seed)
  const files = await makeImageFiles(join(dataDir, 'sources'), options.distinctThumbs, random)
  const words = vocabulary(random, 2500)
  const db = openDatabase(join(dataDir, 'studio.db'))
  let jobs = 0
  try {
    // The images go in at the first schema with a library and the later schema is built over them by the
    // migrations, in bulk, as an upgrade builds it: the same rows the app's triggers would have written
    // one by one, in a fraction of the time (a million images in minutes).
    migrate(db, migrations.slice(0, UPGRADE_FROM))
    const now = Date.now()
    const span = options.days * 86_400_000
    const insertJob = db.prepare(
      `INSERT INTO jobs (id, kind, endpoint, profile_id, model, prompt, params, status, usage, billing_unit, created_at, updated_at, finished_at)
       VALUES (?, 'image', ?, ?, ?, ?, ?, 'succeeded', ?, ?, ?, ?, ?)`
    )
    const insertTask = db.prepare(
      `INSERT INTO tasks (id, job_id, seq, idempotency_key, request, request_hash, status, remote_id, attempts, created_at, updated_at)
       VALUES (?, ?, 0, ?, ?, 'fixture', 'succeeded', ?, 1, ?, ?)`
    )
    const insertMedia = db.prepare(
      `INSERT INTO media (id, sha256, mime, path, bytes, width, height, duration_ms, thumb_path, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, NULL, ?, ?)`
    )
    const insertResult = db.prepare(
      `INSERT INTO results (id, job_id, task_id, idx, kind, status, media_id, size_label, revised_prompt, favorite, created_at, updated_at)
       VALUES (?, ?, ?, ?, 'image', 'stored', ?, ?, ?, ?, ?, ?)`
    )
    const insertSearch = db.prepare(
      'INSERT INTO search_index (job_id, result_id, prompt, revised_prompt) VALUES (?, ?, ?, ?)'
    )
    const library = join(dataDir, 'library')
    const madeDirs = new Set<string>()
    const links: [string, string][] = []
    const resultIds: string[] = []
    const teamJobs: [string, string][] = []
    db.transaction(() => {
      let image = 0
      while (image < options.images) {
        // Some images came from teammates through a team location: single images, marked with who made
        // them, as a subscription brings them in.
        const team = random() < TEAM_SHARE ? TEAM_AUTHORS[Math.floor(random() * TEAM_AUTHORS.length)] : null
        const kind = ENDPOINTS[Math.floor(random() * ENDPOINTS.length)] ?? ENDPOINTS[0]
        const count = team
          ? 1
          : Math.min(options.images - image, kind.per[Math.floor(random() * kind.per.length)] ?? 1)
        // Oldest first, as a library grows (rowids and search keys follow), with jitter in the spacing.
        const createdAt = Math.floor(
          now - ((options.images - image) / options.images) * span - random() * 60_000
        )
        const jobId = randomUUID()
        const taskId = randomUUID()
        const text = prompt(random, words, 6, 40)
        const aspect = pickAspect(random)
        const long = LONG_SIDES[Math.floor(random() * LONG_SIDES.length)] ?? 1024
        const size = dims(aspect, long)
        const body = {
          model: kind.model,
          prompt: text,
          size: `${size.width}x${size.height}`,
          seed: Math.floor(random() * 2 ** 31),
          ...(kind.request === 'partnerA' ? { sequential_image_generation: 'auto', watermark: false } : {}),
          ...(random() < 0.3 ? { negative_prompt: prompt(random, words, 3, 10) } : {})
        }
        const request = JSON.stringify({ endpoint: kind.request, body })
        const usage =
          kind.unit === 'token'
            ? { input_tokens: 40 + count * 10, output_tokens: 1500 * count, total_tokens: 1540 * count }
            : { generated_images: count, output_tokens: 4096 * count, total_tokens: 4096 * count }
        insertJob.run(
          jobId,
          kind.endpoint,
          DEMO_PROFILE_ID,
          kind.model,
          text,
          request,
          JSON.stringify(usage),
          kind.unit,
          createdAt,
          createdAt + 9000,
          createdAt + 9000
        )
        if (team) teamJobs.push([jobId, team])
        insertTask.run(
          taskId,
          jobId,
          randomUUID(),
          request,
          `rt_${jobId.slice(0, 8)}`,
          createdAt,
          createdAt + 9000
        )
        insertSearch.run(jobId, null, text, null)
        for (let idx = 0; idx < count; idx++, image++) {
          const at = createdAt + 2000 + idx * 700
          const sha = hex(image, `img${options.seed}`)
          const format = Math.floor(random() * FORMATS.length)
          const original = files.originals[aspect]?.[format] ?? files.originals[0]?.[0]
          const thumbs = files.thumbs[aspect] ?? files.thumbs[0] ?? []
          const thumb = thumbs[image % thumbs.length] ?? ''
          if (!original) throw new Error('no original')
          const relDir = monthOf(at)
          if (!madeDirs.has(relDir)) {
            mkdirSync(join(library, ...relDir.split('/')), { recursive: true })
            madeDirs.add(relDir)
          }
          const path = `${relDir}/${sha}.${original.ext}`
          const thumbPath = `${relDir}/${sha}_thumb.webp`
          links.push([original.file, path], [thumb, thumbPath])
          const mediaId = hex(image, 'media').slice(0, 32)
          insertMedia.run(
            mediaId,
            sha,
            original.mime,
            path,
            800_000 + Math.floor(random() * 3_000_000),
            size.width,
            size.height,
            thumbPath,
            at
          )
          const revised = random() < 0.3 ? prompt(random, words, 10, 50) : null
          const resultId = randomUUID()
          insertResult.run(
            resultId,
            jobId,
            taskId,
            idx,
            mediaId,
            `${size.width}x${size.height}`,
            revised,
            random() < 0.05 ? 1 : 0,
            at,
            at
          )
          if (revised) insertSearch.run(jobId, resultId, null, revised)
          resultIds.push(resultId)
        }
        jobs += 1
      }
    })()
    db.pragma('wal_checkpoint(TRUNCATE)')
    if (options.upgradeCopy) {
      mkdirSync(options.upgradeCopy, { recursive: true })
      cpSync(join(dataDir, 'studio.db'), join(options.upgradeCopy, 'studio.db'))
    }
    migrate(db, migrations)
    new ProfileRepository(db, Date.now).ensureDemo()
    const importedAs = db.prepare('UPDATE jobs SET imported = ? WHERE id = ?')
    const insertBoard = db.prepare(
      'INSERT INTO boards (id, name, name_key, created_at, updated_at) VALUES (?, ?, ?, ?, ?)'
    )
    const insertBoardItem = db.prepare(
      'INSERT OR IGNORE INTO board_items (board_id, result_id, added_at) VALUES (?, ?, ?)'
    )
    db.transaction(() => {
      // Team images are marked as a subscription marks them (`jobs.imported`, a later schema's column).
      for (const [jobId, author] of teamJobs) {
        importedAs.run(
          JSON.stringify({
            file: `${jobId.slice(0, 8)}.png`,
            settings: null,
            team: { author, locationId: 'bench-team-location' }
          }),
          jobId
        )
      }
      // Boards as a studio gathers them: many small, a few large (sizes skewed towards the small).
      for (let b = 0; b < options.boards; b++) {
        const boardId = hex(b, 'board').slice(0, 32)
        const at = now - Math.floor(random() * span)
        const name = `${prompt(random, words, 1, 3)} ${b + 1}`
        insertBoard.run(boardId, name, nameKey(name), at, at)
        const size = 10 + Math.floor(random() ** 3 * options.images * 0.004)
        const start = Math.floor(random() * resultIds.length)
        for (let i = 0; i < size; i++) {
          // Runs of neighbours (a session's picks) with a few strays from anywhere.
          const at = random() < 0.8 ? start + i : Math.floor(random() * resultIds.length)
          const id = resultIds[at % resultIds.length]
          if (id) insertBoardItem.run(boardId, id, now)
        }
      }
    })()
    linkAll(links, library)
    db.pragma('wal_checkpoint(TRUNCATE)')
    db.exec('ANALYZE')
  } finally {
    db.close()
  }
  return { jobs }
}

/**
 * Twenty searches a person types in this gallery: common words to start, rarer ones to narrow, as
 * prompts are searched (a subject, then a light or a medium).
 */
const SEARCHES = [
  'neon lighthouse at dusk',
  'fox in the forest',
  'portrait soft light',
  'watercolor harbor',
  'cyberpunk city street night',
  'golden hour meadow',
  'robot astronaut',
  'oil painting of a castle',
  'macro mushrooms moss',
  'isometric cozy cabin',
  'dragon over mountains',
  'vintage polaroid beach',
  'minimal logo icon',
  'aurora glacier',
  'teapot on a table',
  'samurai in the rain',
  'pastel dreamy clouds',
  'owl moon',
  'cinematic 35mm film grain',
  'cathedral marble'
] as const

export async function galleryFixture(images: number, log: (line: string) => void): Promise<GalleryFixture> {
  const dir = await cached(
    `gallery-${images}`,
    async (dir) => {
      const seeded = await seedGallery(join(dir, 'data'), {
        images,
        distinctThumbs: images >= 50_000 ? 600 : 150,
        boards: Math.max(20, Math.round(images / 5000)),
        days: 730,
        seed: 17,
        upgradeCopy: join(dir, 'upgrade')
      })
      writeFileSync(join(dir, 'meta.json'), JSON.stringify({ jobs: seeded.jobs }))
    },
    log
  )
  const { jobs } = JSON.parse(readFileSync(join(dir, 'meta.json'), 'utf8')) as { jobs: number }
  upToDate(join(dir, 'data'))
  return { dataDir: join(dir, 'data'), images, jobs, searches: SEARCHES }
}

/**
 * The gallery fixture's database as the first app version with a library left it (schema
 * `UPGRADE_FROM`, before the gallery's scale indexes, boards, batches, money and team tables), kept when
 * the fixture was made: what the first open after an upgrade migrates. Its library is the gallery's.
 */
export async function upgradeFixture(
  images: number,
  log: (line: string) => void
): Promise<{ dataDir: string }> {
  const gallery = await galleryFixture(images, log)
  return { dataDir: join(gallery.dataDir, '..', 'upgrade') }
}

// ---------------------------------------------------------------------------------------------------------
// Unfinished jobs: v2 image tasks the gateway is still working on, as a restart finds them.

/** A gateway of the user's own (not the demo gateway, whose tasks end with the app): where long jobs run. */
export const TEAM_PROFILE_ID = 'bench-team-gateway'

/**
 * Adds `count` unfinished jobs on a remote gateway profile to a database: each a v2 task queued remotely
 * with its remote id, next polled between `firstPollInMs` and an hour from now (spread), as after a restart.
 */
export function seedUnfinishedJobs(db: Db, count: number, firstPollInMs: number, seed = 5): void {
  const random = mulberry32(seed)
  const words = vocabulary(random, 300)
  const now = Date.now()
  db.prepare(
    `INSERT OR IGNORE INTO profiles (id, kind, name, base_url, created_at, updated_at)
     VALUES (?, 'remote', 'Team gateway', 'https://gateway.example.com', ?, ?)`
  ).run(TEAM_PROFILE_ID, now, now)
  const insertJob = db.prepare(
    `INSERT INTO jobs (id, kind, endpoint, profile_id, model, prompt, params, status, billing_unit, created_at, updated_at)
     VALUES (?, 'image', '/v2/images/generations', ?, 'studio-image-async', ?, ?, 'running', 'image', ?, ?)`
  )
  const insertTask = db.prepare(
    `INSERT INTO tasks (id, job_id, seq, idempotency_key, request, request_hash, status, remote_id, remote_status,
       attempts, poll_count, next_poll_at, last_polled_at, remote_created_at, deadline_at, created_at, updated_at)
     VALUES (?, ?, 0, ?, ?, 'fixture', 'queued', ?, 'queued', 1, ?, ?, ?, ?, ?, ?, ?)`
  )
  const insertSearch = db.prepare(
    'INSERT INTO search_index (job_id, result_id, prompt, revised_prompt) VALUES (?, NULL, ?, NULL)'
  )
  db.transaction(() => {
    for (let i = 0; i < count; i++) {
      const jobId = randomUUID()
      const text = prompt(random, words, 6, 30)
      const request = JSON.stringify({
        endpoint: 'imagesV2',
        body: { model: 'studio-image-async', prompt: text, size: '1024x1024' },
        count: 1
      })
      const createdAt = now - Math.floor(random() * 3_600_000)
      const nextPoll = now + firstPollInMs + Math.floor(random() * 3_600_000)
      insertJob.run(jobId, TEAM_PROFILE_ID, text, request, createdAt, createdAt)
      insertTask.run(
        randomUUID(),
        jobId,
        randomUUID(),
        request,
        `imgtask_fixture_${i}`,
        3,
        nextPoll,
        createdAt + 5000,
        createdAt,
        now + 86_400_000,
        createdAt,
        createdAt
      )
      insertSearch.run(jobId, text)
    }
  })()
}

/** The gallery fixture plus `unfinished` unfinished jobs: what the start-up bench opens. */
export async function startupFixture(
  images: number,
  unfinished: number,
  log: (line: string) => void
): Promise<{ dataDir: string }> {
  const gallery = await galleryFixture(images, log)
  const dir = await cached(
    `startup-remote-${images}-${unfinished}`,
    (dir) => {
      const dataDir = join(dir, 'data')
      mkdirSync(dataDir)
      cpSync(join(gallery.dataDir, 'studio.db'), join(dataDir, 'studio.db'))
      // The library itself is shared with the gallery fixture (read only here): a link, not a copy.
      symlinkSync(join(gallery.dataDir, 'library'), join(dataDir, 'library'))
      const db = openDatabase(join(dataDir, 'studio.db'))
      try {
        seedUnfinishedJobs(db, unfinished, 10 * 60_000)
        db.pragma('wal_checkpoint(TRUNCATE)')
        db.exec('ANALYZE')
      } finally {
        db.close()
      }
      return Promise.resolve()
    },
    log
  )
  upToDate(join(dir, 'data'))
  return { dataDir: join(dir, 'data') }
}

/**
 * A copy of a fixture data folder the backend may write to: the database copied, the library linked
 * (benches that use this never add files to the library).
 */
export function writableCopy(fixtureDataDir: string, into: string): string {
  mkdirSync(into, { recursive: true })
  cpSync(join(fixtureDataDir, 'studio.db'), join(into, 'studio.db'))
  symlinkSync(join(fixtureDataDir, 'library'), join(into, 'library'))
  // As the app leaves its folder at a clean close: a start then skips the whole-file check (P46) it runs
  // after a crash, and the benches measure the start users have every day, not the one after a crash.
  markClosedCleanly(into)
  return into
}

// ---------------------------------------------------------------------------------------------------------
// Chat: one long conversation (500 messages, about 200,000 tokens of Markdown) and an empty one.

export interface ChatFixture {
  dataDir: string
  longId: string
  longTitle: string
  emptyId: string
  emptyTitle: string
  messages: number
  tokens: number
}

function reply(random: () => number, words: string[], targetChars: number): string {
  const parts: string[] = []
  let length = 0
  while (length < targetChars) {
    const roll = random()
    let block: string
    if (roll < 0.55) block = `${prompt(random, words, 30, 90)}.`
    else if (roll < 0.75)
      block = Array.from(
        { length: 3 + Math.floor(random() * 4) },
        () => `- **${prompt(random, words, 1, 3)}**: ${prompt(random, words, 6, 18)}`
      ).join('\n')
    else if (roll < 0.88)
      block = `\`\`\`ts\n${Array.from({ length: 4 + Math.floor(random() * 12) }, (_, i) => `const v${i} = compute('${prompt(random, words, 1, 3)}', ${i}) // ${prompt(random, words, 2, 6)}`).join('\n')}\n\`\`\``
    else if (roll < 0.95) block = `## ${prompt(random, words, 2, 6)}`
    else
      block = `| ${prompt(random, words, 1, 2)} | ${prompt(random, words, 1, 2)} |\n| --- | --- |\n${Array.from({ length: 3 }, () => `| ${prompt(random, words, 1, 3)} | ${Math.floor(random() * 1000)} |`).join('\n')}`
    parts.push(block)
    length += block.length + 2
  }
  return parts.join('\n\n')
}

export async function chatFixture(
  messages: number,
  tokens: number,
  log: (line: string) => void
): Promise<ChatFixture> {
  const longId = 'bench-long-conversation'
  const emptyId = 'bench-empty-conversation'
  const dir = await cached(
    `chat-${messages}-${tokens}`,
    (dir) => {
      const dataDir = join(dir, 'data')
      mkdirSync(dataDir)
      const random = mulberry32(23)
      const words = vocabulary(random, 800)
      const db = openDatabase(join(dataDir, 'studio.db'))
      try {
        migrate(db, migrations)
        new ProfileRepository(db, Date.now).ensureDemo()
        const now = Date.now()
        const conv = db.prepare(
          `INSERT INTO chat_conversations (id, title, title_set, profile_id, model, style, created_at, updated_at)
           VALUES (?, ?, 1, ?, 'studio-chat', 'chat', ?, ?)`
        )
        const message = db.prepare(
          `INSERT INTO chat_messages (id, conversation_id, parent_id, role, status, text, usage, model, style, finish_reason, streamed, created_at, updated_at)
           VALUES (?, ?, ?, ?, 'complete', ?, ?, ?, ?, ?, 1, ?, ?)`
        )
        db.transaction(() => {
          conv.run(emptyId, 'Bench: empty conversation', DEMO_PROFILE_ID, now - 1000, now - 1000)
          conv.run(longId, 'Bench: long conversation', DEMO_PROFILE_ID, now - 2000, now - 2000)
          // About four characters a token (the emulator's count); replies carry most of the text.
          const chars = tokens * 4
          const pairs = messages / 2
          const userChars = Math.round((chars * 0.1) / pairs)
          const replyChars = Math.round((chars * 0.9) / pairs)
          let at = now - messages * 60_000
          // One branch, each message following the one before (chat_messages.parent_id), shown to its leaf.
          let parent: string | null = null
          for (let i = 0; i < pairs; i++) {
            const asked = randomUUID()
            message.run(
              asked,
              longId,
              parent,
              'user',
              `${prompt(random, words, Math.round(userChars / 8), Math.round(userChars / 5))}?`,
              null,
              null,
              null,
              null,
              at,
              at
            )
            at += 30_000
            const text = reply(random, words, replyChars)
            const out = Math.ceil(text.length / 4)
            parent = randomUUID()
            message.run(
              parent,
              longId,
              asked,
              'assistant',
              text,
              JSON.stringify({
                prompt_tokens: 2000 + i * 400,
                completion_tokens: out,
                total_tokens: 2000 + i * 400 + out
              }),
              'studio-chat',
              'chat',
              'stop',
              at,
              at
            )
            at += 30_000
          }
          db.prepare('UPDATE chat_conversations SET leaf_id = ? WHERE id = ?').run(parent, longId)
        })()
        db.pragma('wal_checkpoint(TRUNCATE)')
        // Read back the way the Chat screen reads it: rows written in a shape the app no longer reads (as
        // these were, without parent links, once branches came) fail here rather than as a bench timeout.
        const shown = new ChatReads(db).messages(longId).length
        if (shown !== messages)
          throw new Error(`the chat fixture shows ${shown} of its ${messages} messages: its rows are stale`)
      } finally {
        db.close()
      }
      return Promise.resolve()
    },
    log
  )
  upToDate(join(dir, 'data'))
  return {
    dataDir: join(dir, 'data'),
    longId,
    longTitle: 'Bench: long conversation',
    emptyId,
    emptyTitle: 'Bench: empty conversation',
    messages,
    tokens
  }
}
