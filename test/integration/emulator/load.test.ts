import { afterAll, beforeAll, expect, it } from 'vitest'
import { setup, type Http } from './helpers'

let h: Http
beforeAll(async () => {
  h = await setup()
})
afterAll(() => h.emu.stop())

it('holds 200 concurrent requests across endpoints without error', async () => {
  h.emu.clearLog()
  const kinds = [
    () => h.get('/v1/models'),
    () =>
      h.post('/v1/chat/completions', { model: 'studio-chat', messages: [{ role: 'user', content: 'hi' }] }),
    () =>
      h.post('/v1/chat/completions', {
        model: 'studio-chat',
        stream: true,
        messages: [{ role: 'user', content: 'hi [[tokens=20]]' }]
      }),
    () =>
      h.post('/v1/messages', {
        model: 'studio-messages',
        max_tokens: 50,
        stream: true,
        messages: [{ role: 'user', content: 'yo' }]
      }),
    () => h.post('/v3/images/generations', { model: 'studio-image-v3', prompt: 'load' }),
    () => h.post('/v2/images/generations', { model: 'studio-image-async', prompt: 'load' })
  ]
  const results = await Promise.all(
    Array.from({ length: 200 }, async (_, i) => {
      const res = await (kinds[i % kinds.length] as () => Promise<Response>)()
      const text = await res.text()
      return {
        status: res.status,
        complete:
          !res.headers.get('content-type')?.includes('event-stream') || /\[DONE\]|message_stop/.test(text)
      }
    })
  )
  expect(results.filter((r) => r.status !== 200)).toEqual([])
  expect(results.every((r) => r.complete)).toBe(true)
  expect(h.emu.requestLog).toHaveLength(200)
  expect(h.emu.requestLog.every((e) => e.status === 200)).toBe(true)
})
