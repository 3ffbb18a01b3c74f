import { Readable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { copiesInOrder, type CopyOut } from '../../../../../src/main/gallery/export/exitCopy'
import type { PlannedFile } from '../../../../../src/main/gallery/export/plan'
import { wholeBytesOf } from '../../../../../src/main/gallery/export/writer'
import type { MediaSource } from '../../../../../src/main/library'

const files = Array.from({ length: 6 }, (_, i) => ({ name: `f${i}.png` }) as PlannedFile)

describe('copies made ahead of the writer (issue 26)', () => {
  it('gives every copy in the files’ order, however late each is made, with at most `ahead` in the making', async () => {
    let making = 0
    let most = 0
    const streams: Readable[] = []
    const copyOut: CopyOut = async (file) => {
      making += 1
      most = Math.max(most, making)
      // The first copies take longest: order must not follow who finished first.
      await new Promise((resolve) => setTimeout(resolve, 30 - Number(file.name[1]) * 5))
      making -= 1
      const stream = Readable.from([Buffer.from(file.name)])
      streams.push(stream)
      return { stream, sidecar: null }
    }
    const seen: string[] = []
    for await (const { index, file } of copiesInOrder(files, copyOut, 3)) seen.push(`${index}:${file.name}`)
    expect(seen).toEqual(files.map((file, i) => `${i}:${file.name}`))
    expect(most).toBe(3)
  })

  it('closes the copies made ahead when the writer stops early (a cancelled export)', async () => {
    const streams: Readable[] = []
    const copyOut: CopyOut = (file) => {
      const stream = Readable.from([Buffer.from(file.name)])
      streams.push(stream)
      return Promise.resolve({ stream, sidecar: null })
    }
    for await (const { index, copy } of copiesInOrder(files, copyOut, 2)) {
      copy.stream.destroy()
      if (index === 1) break
    }
    await new Promise((resolve) => setImmediate(resolve))
    expect(streams.length).toBeGreaterThan(2)
    expect(streams.every((stream) => stream.destroyed)).toBe(true)
  })
})

describe('an image read whole for its copy', () => {
  const planned = (source: Partial<MediaSource>): PlannedFile =>
    ({ name: 'fox.png', source: { mime: 'image/png', size: 3, ...source } }) as PlannedFile

  it('is read at once where the store can, and gathered from its stream where it cannot', async () => {
    let opened = 0
    const open = (): Promise<Readable> => {
      opened += 1
      return Promise.resolve(Readable.from([Buffer.from('st'), Buffer.from('ream')]))
    }
    const read = (): Promise<Buffer> => Promise.resolve(Buffer.from('whole'))
    expect((await wholeBytesOf(planned({ open, read }))).toString()).toBe('whole')
    expect(opened).toBe(0)
    expect((await wholeBytesOf(planned({ open }))).toString()).toBe('stream')
    expect(opened).toBe(1)
  })

  it('says the file is no longer in the library when it went away since the plan, either way', async () => {
    const none = (): Promise<null> => Promise.resolve(null)
    for (const source of [{ open: none, read: none }, { open: none }]) {
      await expect(wholeBytesOf(planned(source))).rejects.toThrow(
        'The file of fox.png is no longer in the library.'
      )
    }
  })
})
