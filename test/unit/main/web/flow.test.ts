import { describe, expect, it } from 'vitest'
import { SocketFlow, type FlowSocket } from '../../../../src/main/web/flow'

/** A socket whose queue the test fills and empties by hand. */
function fakeSocket(): FlowSocket & { bufferedAmount: number; isPaused: boolean; terminated: boolean } {
  return {
    bufferedAmount: 0,
    isPaused: false,
    terminated: false,
    pause() {
      this.isPaused = true
    },
    resume() {
      this.isPaused = false
    },
    terminate() {
      this.terminated = true
    }
  }
}

const limits = { pauseAt: 100, resumeAt: 10, dropAt: 1_000, maxWaiting: 3 }
const turn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve))

describe('socket backpressure [P3]', () => {
  it('stops reading a page past the high mark, holds its commands, and runs them once it catches up', async () => {
    const socket = fakeSocket()
    const flow = new SocketFlow(socket, limits)
    const ran: number[] = []
    flow.admit(() => ran.push(1))
    socket.bufferedAmount = 150
    flow.queued()
    expect(socket.isPaused).toBe(true)
    flow.admit(() => ran.push(2))
    flow.admit(() => ran.push(3))
    expect(ran).toEqual([1])
    socket.bufferedAmount = 50
    flow.written()
    expect(socket.isPaused).toBe(true)
    socket.bufferedAmount = 5
    flow.written()
    expect(socket.isPaused).toBe(false)
    await turn()
    await turn()
    await turn()
    expect(ran).toEqual([1, 2, 3])
  })

  it('runs held commands one a turn and stops again as soon as one pushes the page behind', async () => {
    const socket = fakeSocket()
    const flow = new SocketFlow(socket, limits)
    const ran: number[] = []
    socket.pause()
    for (const n of [1, 2, 3])
      flow.admit(() => {
        ran.push(n)
        socket.bufferedAmount = 200
        flow.queued()
      })
    expect(ran).toEqual([])
    flow.written()
    for (let i = 0; i < 5; i++) await turn()
    expect(ran).toEqual([1])
    expect(socket.isPaused).toBe(true)
  })

  it('closes a page too far behind, and one that piles up more commands than may wait', () => {
    const behind = fakeSocket()
    new SocketFlow(behind, limits).queued()
    behind.bufferedAmount = 1_001
    new SocketFlow(behind, limits).queued()
    expect(behind.terminated).toBe(true)

    const greedy = fakeSocket()
    const flow = new SocketFlow(greedy, limits)
    greedy.pause()
    for (let i = 0; i < 3; i++) flow.admit(() => undefined)
    expect(greedy.terminated).toBe(false)
    flow.admit(() => undefined)
    expect(greedy.terminated).toBe(true)
  })
})
