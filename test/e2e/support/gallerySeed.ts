import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import sharp from 'sharp'
import { openDatabase, type Db } from '../../../src/main/db/connection'
import { migrate } from '../../../src/main/db/migrate'
import { migrations } from '../../../src/main/db/migrations'
import { Library, type MediaRecord } from '../../../src/main/library'
import { JobRepository } from '../../../src/main/jobs/repository'
import { systemClock } from '../../../src/main/time/clock'
import { DiskMediaStore } from '../../../src/main/library/diskStore'
import { seededRandom } from '../../helpers/random'

/**
 * Seeds the gallery directly (unit tests, benchmarks): real image files in the library, with real WebP
 * thumbnails, and job/result rows written through the task engine's own repository.
 */

/** A deterministic pseudo-random generator, so seeded images are the same on every run. */
export const mulberry32 = seededRandom

/**
 * `count` distinct images like a generator's output: a two-colour gradient, a few soft shapes and a
 * little grain (so thumbnails weigh something, not a few hundred bytes of flat colour); more `grain` makes
 * heavier, photo-like thumbnails.
 */
export async function makeImages(
  count: number,
  {
    size = 384,
    format = 'jpeg',
    seed = 1,
    grain = 18
  }: { size?: number; format?: 'jpeg' | 'png' | 'webp'; seed?: number; grain?: number } = {}
): Promise<Buffer[]> {
  const random = mulberry32(seed)
  const out: Buffer[] = []
  for (let i = 0; i < count; i++) {
    const c1 = [random() * 255, random() * 255, random() * 255]
    const c2 = [random() * 255, random() * 255, random() * 255]
    const shapes = Array.from({ length: 4 }, () => ({
      x: random() * size,
      y: random() * size,
      r: (0.08 + random() * 0.25) * size,
      c: [random() * 255, random() * 255, random() * 255]
    }))
    const raw = Buffer.alloc(size * size * 3)
    for (let y = 0; y < size; y++) {
      for (let x = 0; x < size; x++) {
        const t = (x + y) / (2 * size)
        let rgb = [0, 1, 2].map((k) => (c1[k] ?? 0) * (1 - t) + (c2[k] ?? 0) * t)
        for (const s of shapes) {
          const d = Math.hypot(x - s.x, y - s.y)
          if (d < s.r) {
            const w = 1 - d / s.r
            rgb = rgb.map((v, k) => v * (1 - w) + (s.c[k] ?? 0) * w)
          }
        }
        const noise = (random() - 0.5) * grain
        const o = (y * size + x) * 3
        for (let k = 0; k < 3; k++) raw[o + k] = Math.max(0, Math.min(255, (rgb[k] ?? 0) + noise))
      }
    }
    const image = sharp(raw, { raw: { width: size, height: size, channels: 3 } })
    out.push(
      await (
        format === 'png'
          ? image.png()
          : format === 'webp'
            ? image.webp({ quality: 85 })
            : image.jpeg({ quality: 85 })
      ).toBuffer()
    )
  }
  return out
}

export async function storeImages(library: Library, images: Buffer[]): Promise<MediaRecord[]> {
  const records: MediaRecord[] = []
  for (const bytes of images) records.push(await library.storeBytes(bytes, { expect: 'image' }))
  return records
}

export interface SeedResult {
  mediaId: string
  prompt: string
  revisedPrompt?: string
  model?: string
  endpoint?: string
  profileId?: string
  createdAt: number
  favorite?: boolean
  usage?: unknown
  billingUnit?: string | null
  /** Other images of the same job (same prompt, one job, several results). */
  more?: { mediaId: string; revisedPrompt?: string }[]
  params?: Record<string, unknown>
}

/** Writes one succeeded job per entry, with one stored image result each (plus `more`). */
export function seedResults(
  db: Db,
  entries: readonly SeedResult[]
): { jobId: string; resultIds: string[] }[] {
  let clock = 0
  const repo = new JobRepository(db, () => clock)
  const out: { jobId: string; resultIds: string[] }[] = []
  db.transaction(() => {
    for (const entry of entries) {
      clock = entry.createdAt
      const model = entry.model ?? 'studio-image-v3'
      const { jobId, taskIds } = repo.insertJob({
        kind: 'image',
        endpoint: entry.endpoint ?? '/v3/images/generations',
        profileId: entry.profileId ?? 'demo',
        model,
        prompt: entry.prompt,
        request: {
          endpoint: 'imagesV3',
          body: { model, prompt: entry.prompt, ...(entry.params ?? {}) }
        } as never,
        billingUnit: entry.billingUnit === undefined ? 'image' : entry.billingUnit,
        taskCount: 1,
        requestHash: () => 'seed'
      })
      const taskId = taskIds[0] as string
      repo.updateTask(taskId, { status: 'succeeded', usage: entry.usage ?? undefined })
      const resultIds: string[] = []
      for (const [index, image] of [
        { mediaId: entry.mediaId, revisedPrompt: entry.revisedPrompt },
        ...(entry.more ?? [])
      ].entries()) {
        const id = repo.insertResult({
          taskId,
          jobId,
          index,
          kind: 'image',
          status: 'stored',
          mediaId: image.mediaId,
          sizeLabel: '1024x1024',
          revisedPrompt: image.revisedPrompt
        })
        if (entry.favorite) repo.setFavorite(id, true)
        resultIds.push(id)
      }
      out.push({ jobId, resultIds })
    }
  })()
  return out
}

const SUBJECTS = [
  'a red fox in fresh snow',
  'lighthouse at dawn, long exposure',
  'isometric cozy reading nook',
  'ceramic teapot on a linen cloth',
  'neon city street in the rain',
  'watercolor map of an imaginary island',
  'macro shot of a dew-covered leaf',
  'retro poster for a jazz festival',
  'minimal logo of a paper crane',
  'astronaut tending a greenhouse on mars'
]
const MODELS = [
  { model: 'studio-image-v3', endpoint: '/v3/images/generations', billingUnit: 'image' },
  { model: 'studio-image-async', endpoint: '/v2/images/generations', billingUnit: 'image' },
  { model: 'seedream-stream', endpoint: '/partner-a/v3/images/generations', billingUnit: 'image' },
  { model: 'studio-image-compat', endpoint: '/v1/images/generations', billingUnit: 'token' }
]

/**
 * A data folder with `count` gallery images made of `distinct` different files (each with its own
 * thumbnail), spread over the last `days` days, as the web host will find it at start.
 */
export async function seedDataDir(
  dataDir: string,
  {
    count,
    distinct,
    days = 30,
    size = 384,
    grain = 18,
    now = Date.now()
  }: { count: number; distinct: number; days?: number; size?: number; grain?: number; now?: number }
): Promise<void> {
  mkdirSync(dataDir, { recursive: true })
  const db = openDatabase(join(dataDir, 'studio.db'))
  try {
    migrate(db, migrations)
    const library = new Library(db, new DiskMediaStore(join(dataDir, 'library')), { clock: systemClock })
    const media = await storeImages(library, await makeImages(distinct, { size, grain }))
    const random = mulberry32(99)
    const span = days * 86_400_000
    const entries: SeedResult[] = Array.from({ length: count }, (_, i) => {
      const kind = MODELS[i % MODELS.length] ?? MODELS[0]
      const subject = SUBJECTS[Math.floor(random() * SUBJECTS.length)] ?? ''
      return {
        mediaId: media[i % media.length]?.id ?? '',
        prompt: `${subject} #${i + 1}`,
        ...(i % 3 === 0 ? { revisedPrompt: `${subject}, highly detailed, soft light` } : {}),
        model: kind?.model,
        endpoint: kind?.endpoint,
        billingUnit: kind?.billingUnit,
        usage:
          kind?.billingUnit === 'token'
            ? { total_tokens: 800 + i }
            : { generated_images: 1, total_tokens: 300 },
        createdAt: now - Math.floor((i / count) * span),
        favorite: i % 17 === 0,
        params: { size: '1024x1024', seed: i }
      }
    })
    seedResults(db, entries)
  } finally {
    db.close()
  }
}
