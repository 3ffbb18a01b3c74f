import { inspect } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { GatewayError } from '../../../src/main/gateway'
import { collect, failure, get, post, startRig, type Rig } from './helpers'

let rig: Rig
beforeAll(async () => {
  rig = await startRig()
})
afterAll(() => rig.stop())

describe('the key never leaves through an error, a view or the retry log [P11]', () => {
  it('0 hits across failing calls, including a gateway that echoes the key back', async () => {
    const key = rig.emu.keys.ordinary
    const retries: unknown[] = []
    const c = rig.client({ onRetry: (e) => retries.push(e) })
    rig.emu.faults.script('GET /v1/models', {
      status: 500,
      body: { error: { type: 'server_error', code: 'x', message: `bad key ${key} here` } },
      times: 3
    })
    rig.emu.faults.script('POST /v1/images/partner-b', {
      status: 401,
      body: `{"error":{"message":"${key}"}}`
    })
    rig.emu.faults.script('POST /partner-a/v3/images/generations', {
      errorEvent: { afterEvents: 1, data: { error: { code: 'E', message: `echo ${key}` } } }
    })
    const errors: GatewayError[] = [
      await failure(c.listModels(get())),
      await failure(c.send('partnerB', { model: 'wan-image', prompt: 'fox' }, post())),
      (
        await collect(
          await c.stream('partnerA', { model: 'seedream-stream', prompt: 'fox', size: '1280x720' }, post())
        )
      ).error as GatewayError,
      await failure(rig.client({ key: `${key}-wrong` }).listModels(get()))
    ]
    expect(errors.every((e) => e !== undefined)).toBe(true)
    const dump = JSON.stringify({
      errors: errors.map((e) => ({ info: e.toInfo(), view: e.toView(), message: e.message, raw: e.raw })),
      inspected: errors.map((e) => inspect(e, { depth: 5 })),
      retries
    })
    expect(dump).not.toContain(key)
    expect(dump).toContain('[redacted]')
    expect(JSON.stringify(rig.emu.requestLog)).not.toContain(key)
  })
})
