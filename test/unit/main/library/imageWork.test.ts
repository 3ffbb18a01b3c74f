import { describe, expect, it } from 'vitest'
import { ImageWork } from '../../../../src/main/library/imageWork'

const tick = (): Promise<void> => new Promise((resolve) => setImmediate(resolve))

describe('ImageWork', () => {
  it('holds later work back while the library says a burst is on, never work someone waits for', async () => {
    let burst = true
    const work = new ImageWork(2, () => !burst)
    const started: string[] = []
    const job = (name: string) => (): Promise<string> => {
      started.push(name)
      return Promise.resolve(name)
    }
    const thumbnail = work.run('later', job('thumbnail'))
    const asked = work.run('now', job('asked for'))
    await tick()
    expect(started).toEqual(['asked for'])
    await asked
    burst = false
    work.poke()
    expect(await thumbnail).toBe('thumbnail')
    expect(started).toEqual(['asked for', 'thumbnail'])
  })

  it('runs later work on all but one of its slots, leaving a core to the stream', async () => {
    const work = new ImageWork(3)
    let running = 0
    let most = 0
    const job = async (): Promise<void> => {
      running += 1
      most = Math.max(most, running)
      await tick()
      running -= 1
    }
    await Promise.all(Array.from({ length: 6 }, () => work.run('later', job)))
    expect(most).toBe(2)
  })
})
