import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { writeFileAtomicQuick } from '../../../../src/main/library/atomic'
import { isWriteFailure, WriterThread } from '../../../../src/main/library/writerThread'
import { makeTempDir } from '../../../helpers/tempDir'

const temp = makeTempDir('gs-writer-')
const writer = new WriterThread()
afterAll(async () => {
  await writer.close()
  temp.cleanup()
})

const folder = (name: string): string => {
  const dir = join(temp.dir, name)
  mkdirSync(dir, { recursive: true })
  return dir
}

describe('the writer thread [P28]', () => {
  it('writes a file whole: temp file written and fsynced, renamed, then its folder fsynced', async () => {
    const dir = folder('one')
    const data = Buffer.alloc(300_000, 7)
    const steps = await writer.write(join(dir, 'a.png.tmp-0000000000000001'), join(dir, 'a.png'), data, {
      trace: true
    })
    expect(steps).toEqual([
      `open ${join(dir, 'a.png.tmp-0000000000000001')}`,
      'write 300000',
      `fsync ${join(dir, 'a.png.tmp-0000000000000001')}`,
      `rename ${join(dir, 'a.png')}`,
      `fsync-dir ${dir}`
    ])
    expect(readFileSync(join(dir, 'a.png')).equals(data)).toBe(true)
    expect(readdirSync(dir)).toEqual(['a.png'])
  })

  it('answers each of many writes at once only after a folder fsync that followed its rename', async () => {
    const dir = folder('many')
    const datas = Array.from({ length: 12 }, (_, i) => Buffer.from(`image ${i} `.repeat(1000 + i)))
    const all = await Promise.all(
      datas.map((data, i) =>
        writer.write(
          join(dir, `${i}.jpg.tmp-00000000000000${String(i).padStart(2, '0')}`),
          join(dir, `${i}.jpg`),
          data,
          {
            trace: true
          }
        )
      )
    )
    all.forEach((steps, i) => {
      expect(steps?.slice(-2)).toEqual([`rename ${join(dir, `${i}.jpg`)}`, `fsync-dir ${dir}`])
      expect(readFileSync(join(dir, `${i}.jpg`)).equals(datas[i] ?? Buffer.alloc(0))).toBe(true)
    })
    expect(readdirSync(dir).sort()).toEqual(datas.map((_, i) => `${i}.jpg`).sort())
  })

  it('tells when the file is under its name, before answering', async () => {
    const dir = folder('renamed')
    const seen: boolean[] = []
    await writer.write(join(dir, 'b.webp.tmp-0000000000000002'), join(dir, 'b.webp'), Buffer.from('webp'), {
      onRenamed: () => seen.push(existsSync(join(dir, 'b.webp')))
    })
    expect(seen).toEqual([true])
  })

  it('answers a failure with its code and leaves no temp file behind', async () => {
    const missing = join(temp.dir, 'no-such-folder')
    await expect(
      writer.write(join(missing, 'c.tmp-1'), join(missing, 'c'), Buffer.from('x'))
    ).rejects.toMatchObject({
      code: 'ENOENT',
      syscall: 'open'
    })
    // The final name is a folder with something in it: the rename fails after the temp file was written.
    const dir = folder('taken')
    mkdirSync(join(dir, 'd.png'))
    mkdirSync(join(dir, 'd.png', 'inside'))
    await expect(
      writer.write(join(dir, 'd.png.tmp-0000000000000003'), join(dir, 'd.png'), Buffer.from('png'))
    ).rejects.toMatchObject({ syscall: 'rename' })
    expect(readdirSync(dir)).toEqual(['d.png'])
    // And it still writes afterwards.
    await writer.write(join(dir, 'e.png.tmp-0000000000000004'), join(dir, 'e.png'), Buffer.from('e'))
    expect(readFileSync(join(dir, 'e.png'), 'utf8')).toBe('e')
  })
})

/** Bytes that are the whole of their memory, as a file read whole is (small ones from Buffer.from share a pool). */
const ownMemory = (text: string): Buffer => Buffer.from(new TextEncoder().encode(text).buffer)

describe('bytes handed over', () => {
  it('are moved to the thread, not copied; bytes that share their memory are copied', async () => {
    const dir = folder('handed')
    const whole = ownMemory('a whole buffer')
    await writer.write(join(dir, 'f.tmp-1'), join(dir, 'f'), whole, { handOver: true })
    expect(whole.byteLength).toBe(0)
    expect(readFileSync(join(dir, 'f'), 'utf8')).toBe('a whole buffer')
    // A view on part of a larger memory (Node's pool, a slice) cannot be moved without taking the rest.
    const big = Buffer.from('xx part of it yy')
    const part = big.subarray(3, 13)
    await writer.write(join(dir, 'g.tmp-1'), join(dir, 'g'), part, { handOver: true })
    expect(part.toString()).toBe('part of it')
    expect(readFileSync(join(dir, 'g'), 'utf8')).toBe('part of it')
  })

  it('come back with a failure, and writeFileAtomicQuick still writes them where the folder went', async () => {
    const missing = join(temp.dir, 'gone')
    const bytes = ownMemory('handed over')
    const failure: unknown = await writer
      .write(join(missing, 'h.tmp-1'), join(missing, 'h'), bytes, { handOver: true })
      .catch((error: unknown) => error)
    expect(isWriteFailure(failure) && Buffer.from(failure.returned ?? []).toString()).toBe('handed over')

    const dir = join(temp.dir, 'gone-again', '2026', '11')
    await writeFileAtomicQuick(join(dir, 'one.png'), Buffer.from('1'))
    rmSync(join(temp.dir, 'gone-again'), { recursive: true })
    const again = ownMemory('bytes kept')
    await writeFileAtomicQuick(join(dir, 'two.png'), again, undefined, true)
    expect(readFileSync(join(dir, 'two.png'), 'utf8')).toBe('bytes kept')
  })
})

describe('writeFileAtomicQuick', () => {
  it('makes a folder removed by hand again, as the pool’s path does', async () => {
    const dir = join(temp.dir, 'quick', '2026', '11')
    await writeFileAtomicQuick(join(dir, 'one.png'), Buffer.from('1'))
    rmSync(join(temp.dir, 'quick'), { recursive: true })
    await writeFileAtomicQuick(join(dir, 'two.png'), Buffer.from('2'))
    expect(readFileSync(join(dir, 'two.png'), 'utf8')).toBe('2')
    expect(readdirSync(dir)).toEqual(['two.png'])
  })

  it('does not keep the process alive once its writes are answered', () => {
    const file = join(temp.dir, 'exit', 'done.png')
    // tsx loads the module as CommonJS here: its exports are on the default export.
    const script = `const atomic = await import('./src/main/library/atomic.ts')
await atomic.default.writeFileAtomicQuick(${JSON.stringify(file)}, Buffer.from('done'))
console.log('written')`
    const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      encoding: 'utf8',
      timeout: 30_000
    })
    // A thread left referenced would hold the process until the timeout kills it (status null).
    expect(child.status, child.stderr).toBe(0)
    expect(child.stdout.trim()).toBe('written')
    expect(readFileSync(file, 'utf8')).toBe('done')
  })
})
