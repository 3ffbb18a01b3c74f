import { existsSync } from 'node:fs'
import { join } from 'node:path'
import sharp from 'sharp'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Db } from '../../../../src/main/db/connection'
import { DiskMediaStore } from '../../../../src/main/library/diskStore'
import { Library, type RemoteFetch } from '../../../../src/main/library/store'
import { systemClock } from '../../../../src/main/time/clock'
import { makeTempDir } from '../../../helpers/tempDir'
import { image, openLibraryDb, sha256 } from './helpers'

let temp: ReturnType<typeof makeTempDir>
let db: Db
let root: string
let library: Library
let errors: string[]
/** Each file the library said came here, with its mark as it was at that moment. */
let here: Array<{ id: string; away: string | null }>

beforeEach(() => {
  temp = makeTempDir('gs-remote-')
  db = openLibraryDb(join(temp.dir, 'studio.db'))
  root = join(temp.dir, 'library')
  errors = []
  here = []
  library = new Library(db, new DiskMediaStore(root), {
    clock: { ...systemClock, now: () => Date.UTC(2025, 0, 15) },
    onError: (message) => errors.push(message),
    onFileHere: (id) => here.push({ id, away: library.remoteOf(id) })
  })
})
afterEach(async () => {
  await library.idle()
  db.close()
  temp.cleanup()
})

const thumbOf = (bytes: Buffer): Promise<Buffer> => sharp(bytes).resize(32).webp().toBuffer()

/** A team image kept by its thumbnail alone, with the bytes its location holds. */
async function remoteImage(seed = 1): Promise<{ id: string; original: Buffer }> {
  const original = await image('png', 64, 48, seed)
  const kept = await library.keepRemote({
    sha256: sha256(original),
    mime: 'image/png',
    bytes: original.length,
    width: 64,
    height: 48,
    thumbnail: await thumbOf(original),
    locationId: 'team1'
  })
  return { id: kept.id, original }
}

/** A fetch that answers `bytes` once `release` is called, counting how often it was asked. */
function heldFetch(bytes: () => Uint8Array | null): { fetch: RemoteFetch; calls: number; release(): void } {
  let open: () => void = () => undefined
  const opened = new Promise<void>((resolve) => (open = resolve))
  const out = {
    calls: 0,
    release: () => open(),
    fetch: (async () => {
      out.calls++
      await opened
      return bytes()
    }) as RemoteFetch
  }
  return out
}

const readAll = async (stream: NodeJS.ReadableStream | null): Promise<Buffer> => {
  const chunks: Buffer[] = []
  for await (const chunk of (stream ?? []) as AsyncIterable<Buffer>) chunks.push(chunk)
  return Buffer.concat(chunks)
}

describe('a team image kept by its thumbnail (fetch on read) [P54]', () => {
  it('has its thumbnail and no file until read; then fetches, checks and keeps the file, unmarked', async () => {
    const { id, original } = await remoteImage()
    expect(library.remoteOf(id)).toBe('team1')
    expect(await library.read(`${id}_thumb`)).toMatchObject({ mime: 'image/webp' })
    const row = library.get(id)
    expect(row?.path).toBe(`2025/01/${sha256(original)}.png`)
    expect(existsSync(join(root, row?.path ?? ''))).toBe(false)

    const asked: Array<{ locationId: string; sha256: string }> = []
    library.setFetcher(({ locationId, sha256: sha }) => {
      asked.push({ locationId, sha256: sha })
      return Promise.resolve(Buffer.from(original))
    })
    const source = await library.source(id)
    expect(source).toMatchObject({ mime: 'image/png', size: original.length })
    expect(sha256(await readAll((await source?.open()) ?? null))).toBe(sha256(original))
    expect(asked).toEqual([{ locationId: 'team1', sha256: sha256(original) }])
    expect(library.remoteOf(id)).toBeNull()
    expect(existsSync(join(root, row?.path ?? ''))).toBe(true)
    // Here now: read again, nothing is fetched.
    expect((await library.read(id))?.bytes.equals(original)).toBe(true)
    expect(asked).toHaveLength(1)
  })

  it('serves the original through serveMedia and mediaSource too (the media protocol, details)', async () => {
    const { id, original } = await remoteImage(2)
    library.setFetcher(() => Promise.resolve(Buffer.from(original)))
    const served = await library.serveMedia(id)
    expect(served?.mime).toBe('image/png')
    expect(library.remoteOf(id)).toBeNull()
    // The thumbnail never fetches anything.
    const other = await remoteImage(3)
    let fetched = 0
    library.setFetcher(() => {
      fetched++
      return Promise.resolve(other.original)
    })
    expect((await library.serveMedia(`${other.id}_thumb`))?.mime).toBe('image/webp')
    expect(fetched).toBe(0)
    expect(library.remoteOf(other.id)).toBe('team1')
  })

  it('takes the fetched bytes over rather than copying them to the disk store', async () => {
    const { id, original } = await remoteImage(7)
    const given = Buffer.allocUnsafeSlow(original.length)
    original.copy(given)
    library.setFetcher(() => Promise.resolve(given))
    expect((await library.read(id))?.bytes.equals(original)).toBe(true)
    // Moved to the writer thread: the fetch's buffer is left empty.
    expect(given.byteLength).toBe(0)
  })

  it('fetches once for readers asking at the same time, and each gets the file', async () => {
    const { id, original } = await remoteImage(4)
    const held = heldFetch(() => Buffer.from(original))
    library.setFetcher(held.fetch)
    const readers = [
      library.source(id),
      library.read(id),
      library.mediaSource(id),
      library.serveMedia(id)
    ] as const
    await new Promise((resolve) => setTimeout(resolve, 20))
    held.release()
    const [source, read, media, served] = await Promise.all(readers)
    expect(held.calls).toBe(1)
    expect(source?.size).toBe(original.length)
    expect(read?.bytes.equals(original)).toBe(true)
    expect(media?.size).toBe(original.length)
    expect(served?.mime).toBe('image/png')
  })

  it('refuses bytes that are not the ones its hash names, and keeps the row marked', async () => {
    const { id } = await remoteImage(5)
    const impostor = await image('png', 64, 48, 99)
    library.setFetcher(() => Promise.resolve(impostor))
    expect(await library.source(id)).toBeNull()
    expect(await library.read(id)).toBeNull()
    expect(library.remoteOf(id)).toBe('team1')
    expect(existsSync(join(root, library.get(id)?.path ?? ''))).toBe(false)
    expect(errors).toContain('a team file was refused')
  })

  it('answers null when the location cannot be reached, keeps the row marked, and tries again later', async () => {
    const { id, original } = await remoteImage(6)
    library.setFetcher(() => Promise.reject(new Error('connect ECONNREFUSED')))
    expect(await library.source(id)).toBeNull()
    expect(await library.read(id)).toBeNull()
    expect(library.remoteOf(id)).toBe('team1')
    // The location answers again: the next reader gets the file.
    library.setFetcher(() => Promise.resolve(Buffer.from(original)))
    expect((await library.read(id))?.bytes.equals(original)).toBe(true)
    expect(library.remoteOf(id)).toBeNull()
  })

  it('is unmarked when the same bytes arrive another way (an import), and removed with its row', async () => {
    const { id, original } = await remoteImage(7)
    const stored = await library.storeBytes(original)
    expect(stored.id).toBe(id)
    expect(library.remoteOf(id)).toBeNull()
    // Said as come, like a fetched file, after the commit that unmarked it; the same bytes again are not.
    expect(here).toEqual([{ id, away: null }])
    await library.storeBytes(original)
    expect(here).toHaveLength(1)

    const other = await remoteImage(8)
    expect(await library.remove(other.id)).toBe('removed')
    expect(db.prepare('SELECT COUNT(*) AS n FROM team_files').get()).toEqual({ n: 0 })
  })
})

describe('a team file that comes here is said to have come [P55]', () => {
  it('once, after its mark is cleared, however many readers asked', async () => {
    const { id, original } = await remoteImage(9)
    const held = heldFetch(() => Buffer.from(original))
    library.setFetcher(held.fetch)
    const readers = [library.source(id), library.serveMedia(id), library.read(id)]
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(here).toEqual([])
    held.release()
    await Promise.all(readers)
    expect(here).toEqual([{ id, away: null }])
    // Read again: it was here already, nothing more is said.
    await library.read(id)
    expect(here).toHaveLength(1)
  })

  it('never for a fetch that failed or was refused, nor for a thumbnail', async () => {
    const { id } = await remoteImage(10)
    library.setFetcher(() => Promise.reject(new Error('connect ECONNREFUSED')))
    expect(await library.source(id)).toBeNull()
    library.setFetcher(async () => image('png', 64, 48, 98))
    expect(await library.read(id)).toBeNull()
    expect(await library.serveMedia(`${id}_thumb`)).not.toBeNull()
    expect(here).toEqual([])
  })
})
