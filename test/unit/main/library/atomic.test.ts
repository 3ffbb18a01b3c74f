import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync
} from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import {
  isTempName,
  openAtomicWriter,
  sweepTempFiles,
  writeFileAtomic
} from '../../../../src/main/library/atomic'
import { makeTempDir } from '../../../helpers/tempDir'

const temp = makeTempDir('gs-atomic-')
afterAll(() => temp.cleanup())
let n = 0
const freshDir = (): string => {
  const dir = join(temp.dir, `case${++n}`)
  mkdirSync(dir)
  return dir
}

describe('atomic writes [P28]', () => {
  it('writes through a same-directory temp file and leaves only the final file', async () => {
    const dir = freshDir()
    await writeFileAtomic(join(dir, 'a', 'b', 'file.bin'), Buffer.from('hello'))
    expect(readFileSync(join(dir, 'a', 'b', 'file.bin'), 'utf8')).toBe('hello')
    expect(readdirSync(join(dir, 'a', 'b'))).toEqual(['file.bin'])
  })

  it('replaces an existing file whole', async () => {
    const dir = freshDir()
    const file = join(dir, 'x.bin')
    writeFileSync(file, 'old content that is longer')
    await writeFileAtomic(file, Buffer.from('new'))
    expect(readFileSync(file, 'utf8')).toBe('new')
  })

  it('streams into <name>.tmp-<rand> and is invisible under the final name until commit', async () => {
    const dir = freshDir()
    const writer = await openAtomicWriter(join(dir, 'download'))
    expect(writer.tempPath.startsWith(join(dir, 'download.tmp-'))).toBe(true)
    expect(isTempName(writer.tempPath)).toBe(true)
    await writer.write(Buffer.from('part one, '))
    await writer.write(Buffer.from('part two'))
    expect(writer.bytesWritten).toBe(18)
    expect(existsSync(join(dir, 'final.png'))).toBe(false)
    expect(await writer.commit(join(dir, 'final.png'))).toBe(join(dir, 'final.png'))
    expect(readFileSync(join(dir, 'final.png'), 'utf8')).toBe('part one, part two')
    expect(readdirSync(dir)).toEqual(['final.png'])
    await expect(writer.write(Buffer.from('late'))).rejects.toThrow(/closed/)
  })

  it('refuses to commit across directories (the rename would not be atomic)', async () => {
    const dir = freshDir()
    const writer = await openAtomicWriter(join(dir, 'download'))
    await expect(writer.commit(join(dir, 'sub', 'final.png'))).rejects.toThrow(/directory/)
    await writer.abort()
    expect(readdirSync(dir)).toEqual([])
  })

  it('abort deletes the temp file, twice is harmless', async () => {
    const dir = freshDir()
    const writer = await openAtomicWriter(join(dir, 'download'))
    await writer.write(Buffer.alloc(1000))
    await writer.abort()
    await writer.abort()
    expect(readdirSync(dir)).toEqual([])
  })
})

describe('sweepTempFiles [P28]', () => {
  it('removes orphaned temp files at any depth and keeps everything else', () => {
    const root = freshDir()
    mkdirSync(join(root, '2025', '01'), { recursive: true })
    const orphans = [
      join(root, 'x.png.tmp-0123456789abcdef'),
      join(root, '2025', '01', 'download.tmp-fedcba9876543210'),
      join(root, '2025', '01', 'abc_thumb.webp.tmp-00000000000000ff')
    ]
    const keep = [
      join(root, '2025', '01', 'abc.png'),
      join(root, '2025', '01', 'notes.tmp-'),
      join(root, '2025', '01', 'a.tmp-xyz'),
      join(root, 'tmp-0123456789abcdef')
    ]
    for (const f of [...orphans, ...keep]) writeFileSync(f, 'x')
    expect(sweepTempFiles(root, undefined, Date.now())).toBe(3)
    for (const f of orphans) expect(existsSync(f), f).toBe(false)
    for (const f of keep) expect(existsSync(f), f).toBe(true)
    expect(sweepTempFiles(root, undefined, Date.now())).toBe(0)
  })

  it('with a state file, lists again only folders changed since the last sweep, and finds what is new', () => {
    const root = freshDir()
    const state = join(root, '.sweep-state.json')
    mkdirSync(join(root, '2024', '12'), { recursive: true })
    mkdirSync(join(root, '2025', '01'), { recursive: true })
    writeFileSync(join(root, '2024', '12', 'a.png'), 'x')
    writeFileSync(join(root, '2025', '01', 'b.png.tmp-0123456789abcdef'), 'half')
    // Folders last changed an hour ago: old enough to be remembered.
    const anHourAgo = Math.floor(Date.now() / 1000) - 3600
    for (const dir of ['.', '2024', '2024/12', '2025', '2025/01'])
      utimesSync(join(root, dir), anHourAgo, anHourAgo)
    expect(sweepTempFiles(root, state, Date.now())).toBe(1)
    // The folder that had a deletion is listed again next time; the others are remembered as they were.
    const first = JSON.parse(readFileSync(state, 'utf8')) as Record<string, { dirs: string[] }>
    expect(Object.keys(first).sort()).toEqual(['.', '2024', '2024/12', '2025'])
    expect(first['.']?.dirs.sort()).toEqual(['2024', '2025'])
    expect(sweepTempFiles(root, state, Date.now())).toBe(0)
    // A crash in an old folder, long after: its mtime moved, so it is listed and swept.
    writeFileSync(join(root, '2024', '12', 'c.png.tmp-00000000000000aa'), 'half')
    expect(sweepTempFiles(root, state, Date.now())).toBe(1)
    expect(existsSync(join(root, '2024', '12', 'a.png'))).toBe(true)
    // A state file that cannot be read is a full sweep.
    writeFileSync(state, '{not json')
    writeFileSync(join(root, '2025', '01', 'd.png.tmp-00000000000000bb'), 'half')
    expect(sweepTempFiles(root, state, Date.now())).toBe(1)
  })

  it('does not remember a folder changed just before the sweep: a temp file in the same clock tick is found next time [P28]', () => {
    const root = freshDir()
    const state = join(root, '.sweep-state.json')
    const folder = join(root, '2025', '02')
    mkdirSync(folder, { recursive: true })
    // File times come from a coarse clock: a change right after the sweep's stat can leave the mtime as
    // it was. Simulate that tick exactly: a recent whole-second mtime, restored after the temp appears.
    const tick = Math.floor(Date.now() / 1000)
    utimesSync(folder, tick, tick)
    const seen = statSync(folder, { bigint: true }).mtimeNs
    expect(sweepTempFiles(root, state, Date.now())).toBe(0)
    writeFileSync(join(folder, 'e.png.tmp-00000000000000cc'), 'half')
    utimesSync(folder, tick, tick)
    expect(statSync(folder, { bigint: true }).mtimeNs).toBe(seen)
    expect(sweepTempFiles(root, state, Date.now())).toBe(1)
  })

  it('keeps the temp files of writes still under way in this process', async () => {
    const root = freshDir()
    const writer = await openAtomicWriter(join(root, 'download'))
    await writer.write(Buffer.from('in progress'))
    expect(sweepTempFiles(root, undefined, Date.now())).toBe(0)
    expect(existsSync(writer.tempPath)).toBe(true)
    await writer.commit(join(root, 'done.bin'))
    expect(readFileSync(join(root, 'done.bin'), 'utf8')).toBe('in progress')
  })

  it('does not follow symlinks out of the root, and a missing root is 0', () => {
    const root = freshDir()
    const outside = freshDir()
    const victim = join(outside, 'keep.tmp-0123456789abcdef')
    writeFileSync(victim, 'x')
    symlinkSync(outside, join(root, 'link'))
    symlinkSync(victim, join(root, 'direct.tmp-0123456789abcdef'))
    expect(sweepTempFiles(root, undefined, Date.now())).toBe(0)
    expect(existsSync(victim)).toBe(true)
    expect(sweepTempFiles(join(root, 'missing'), undefined, Date.now())).toBe(0)
  })
})
