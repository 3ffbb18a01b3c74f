import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { createGatewayClient, GatewayError } from '../../../src/main/gateway'
import { defaultFieldMap, type ExtraFieldEndpoint } from '../../../src/shared/gateway/fieldMap'
import type { JobRequest } from '../../../src/shared/schemas/jobs'
import { useStudioAgainstEmulator } from '../../helpers/suite'

/**
 * Issue 11, finding 7: an `n` in a profile's "extra JSON fields" was merged into every request of the
 * endpoint and sent to v2, partner-a and partner-b, which refuse it (and may bill a refused request's
 * neighbours). Now the pre-flight sees the merged body: nothing is sent, and the answer says where to fix it.
 */

const env = useStudioAgainstEmulator({ name: 'extras' })

const cases: { endpoint: ExtraFieldEndpoint & JobRequest['endpoint']; request: JobRequest; n: number }[] = [
  {
    endpoint: 'imagesV2',
    request: { endpoint: 'imagesV2', body: { model: 'studio-image-async', prompt: 'a fox' }, count: 1 },
    n: 2
  },
  {
    endpoint: 'partnerA',
    request: { endpoint: 'partnerA', body: { model: 'seedream-basic', prompt: 'a fox' }, stream: false },
    n: 2
  },
  {
    endpoint: 'partnerB',
    request: { endpoint: 'partnerB', body: { model: 'wan-image', prompt: 'a fox' } },
    n: 4
  }
]

const posts = (): string[] =>
  env.emulator.requestLog.filter((entry) => entry.method === 'POST').map((entry) => entry.path)

describe("a forbidden `n` in the profile's extra JSON fields", () => {
  it.each(cases)('$endpoint: jobs.submit refuses with words that name the profile; no POST', async (c) => {
    const active = (await env.studio.api.invoke('profiles.list', {})).find((profile) => profile.active)
    if (!active) throw new Error('no active profile')
    await env.studio.api.invoke('profiles.update', {
      id: active.id,
      extraFields: { [c.endpoint]: { n: c.n, style_hint: 'kept' } }
    })
    env.emulator.clearLog()

    const result = await env.studio.api.call('jobs.submit', { request: c.request })
    expect(result.ok).toBe(false)
    if (!result.ok) {
      expect(result.error.code).toBe('invalid_input')
      expect(result.error.message).toContain(
        c.endpoint === 'partnerB'
          ? `(count: ${c.n}), set by this gateway's extra JSON fields as \`n\``
          : "This endpoint takes no `n`: remove it from this gateway's extra JSON fields"
      )
      expect(result.error.message).toContain(`Settings › Gateways › ${active.name} › Extra JSON fields`)
    }
    await env.studio.backend.engine.waitForIdle()
    expect(posts()).toEqual([])
    expect(await env.studio.api.invoke('jobs.list', {})).toEqual([])
  })

  it('the gateway client refuses it too, before sending (a job stored before the profile changed)', async () => {
    const client = createGatewayClient(
      {
        baseUrl: env.emulator.baseUrl,
        authorization: () => Promise.resolve(`Bearer ${env.emulator.keys.ordinary}`),
        fieldMap: defaultFieldMap(),
        extraFields: { imagesV2: { n: 2 } },
        profileName: 'Acme'
      },
      { allowLoopbackHttp: true }
    )
    const error = await client
      .send(
        'imagesV2',
        { model: 'studio-image-async', prompt: 'a fox' },
        { signal: new AbortController().signal, idempotencyKey: randomUUID() }
      )
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(GatewayError)
    expect((error as GatewayError).reason).toBe('preflight')
    expect((error as GatewayError).message).toContain(
      "This endpoint takes no `n`: remove it from this gateway's extra JSON fields in Settings › Gateways › Acme › Extra JSON fields."
    )
    expect(posts()).toEqual([])
  })
})
