import sharp from 'sharp'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { GatewayClient, PostOptions } from '../../../src/main/gateway'
import { collect, failure, get, post, startRig, type Rig } from './helpers'

let rig: Rig
let png: Uint8Array
beforeAll(async () => {
  rig = await startRig()
  png = await sharp({
    create: { width: 16, height: 16, channels: 4, background: { r: 200, g: 10, b: 10, alpha: 1 } }
  })
    .png()
    .toBuffer()
})
afterAll(() => rig.stop())
beforeEach(() => {
  rig.emu.clearLog()
  rig.emu.faults.clear()
})

const user = [{ role: 'user', content: 'Say hello' }]

async function drain(stream: Promise<{ events: AsyncIterable<unknown> }>): Promise<unknown[]> {
  const out = await collect(await stream)
  if (out.error) throw out.error
  return out.events
}

interface Call {
  name: string
  path: string
  model: string
  run(client: GatewayClient, model: string, options: PostOptions): Promise<unknown>
}

/** Every billed endpoint, called the way a feature would call it. */
const calls = (): Call[] => [
  {
    name: 'chat',
    path: '/v1/chat/completions',
    model: 'studio-chat',
    run: (c, model, o) => c.createChatCompletion({ model, messages: user }, o)
  },
  {
    name: 'chat stream',
    path: '/v1/chat/completions',
    model: 'studio-chat',
    run: (c, model, o) => drain(c.streamChatCompletion({ model, messages: user }, o))
  },
  {
    name: 'messages',
    path: '/v1/messages',
    model: 'studio-messages',
    run: (c, model, o) => c.createMessage({ model, max_tokens: 64, messages: user }, o)
  },
  {
    name: 'messages stream',
    path: '/v1/messages',
    model: 'studio-messages',
    run: (c, model, o) => drain(c.streamMessage({ model, max_tokens: 64, messages: user }, o))
  },
  {
    name: 'responses',
    path: '/v1/responses',
    model: 'studio-responses',
    run: (c, model, o) => c.createResponse({ model, input: 'Say hello' }, o)
  },
  {
    name: 'responses stream',
    path: '/v1/responses',
    model: 'studio-responses',
    run: (c, model, o) => drain(c.streamResponse({ model, input: 'Say hello' }, o))
  },
  {
    name: 'images v1',
    path: '/v1/images/generations',
    model: 'studio-image-compat',
    run: (c, model, o) => c.send('imagesV1', { model, prompt: 'a red fox' }, o)
  },
  {
    name: 'edits',
    path: '/v1/images/edits',
    model: 'studio-image-compat',
    run: (c, model, o) =>
      c.send('imageEdits', { model, prompt: 'make it blue', images: [{ data: png, filename: 'a.png' }] }, o)
  },
  {
    name: 'images v3',
    path: '/v3/images/generations',
    model: 'studio-image-v3',
    run: (c, model, o) => c.send('imagesV3', { model, prompt: 'a red fox', size: '1024x1024' }, o)
  },
  {
    name: 'images v2 create',
    path: '/v2/images/generations',
    model: 'studio-image-async',
    run: (c, model, o) => c.send('imagesV2', { model, prompt: 'a red fox', size: '1:1', resolution: '1K' }, o)
  },
  {
    name: 'partner-a',
    path: '/partner-a/v3/images/generations',
    model: 'seedream-basic',
    run: (c, model, o) =>
      c.send('partnerA', { model, prompt: 'a red fox', size: '1280x720', watermark: false }, o)
  },
  {
    name: 'partner-a stream',
    path: '/partner-a/v3/images/generations',
    model: 'seedream-stream',
    run: (c, model, o) => drain(c.stream('partnerA', { model, prompt: 'a red fox', size: '1280x720' }, o))
  },
  {
    name: 'partner-b',
    path: '/v1/images/partner-b',
    model: 'wan-image',
    run: (c, model, o) => c.send('partnerB', { model, prompt: 'a red fox', size: '1K' }, o)
  },
  {
    name: 'videos create',
    path: '/v1/videos/generations',
    model: 'seedance-video',
    run: (c, model, o) => c.send('videos', { model, prompt: 'a red fox running', duration: 1 }, o)
  }
]

describe('every endpoint against the emulator', () => {
  it('the listing shows models with their endpoints and billing unit', async () => {
    const res = await rig.client().listModels(get())
    const chat = res.data.data.find((m) => m.id === 'studio-chat')
    expect(chat).toMatchObject({
      supported_endpoints: ['/v1/chat/completions', '/v1/responses'],
      billing_unit: 'token'
    })
    expect(res.data.data.find((m) => m.id === 'wan-image')?.billing_unit).toBe('image')
  })

  for (const call of calls()) {
    it(`${call.name}: succeeds, one request carrying our Idempotency-Key [P18]`, async () => {
      const options = post()
      const result = await call.run(rig.client(), call.model, options)
      expect(result).toBeTruthy()
      const log = rig.logFor(call.path)
      expect(log).toHaveLength(1)
      expect(log[0]).toMatchObject({ method: 'POST', status: 200, idempotencyKey: options.idempotencyKey })
    })
  }

  it('results carry what each endpoint promises', async () => {
    const c = rig.client()
    const chat = await c.createChatCompletion({ model: 'studio-chat', messages: user }, post())
    expect(chat.data.usage?.total_tokens).toBeGreaterThan(0)
    const v3 = await c.send(
      'imagesV3',
      { model: 'studio-image-v3', prompt: 'fox', n: 2, size: '1024x1024' },
      post()
    )
    expect(v3.data.data).toHaveLength(2)
    expect(v3.data.quality).toBe('low')
    const pb = await c.send('partnerB', { model: 'wan-image', prompt: 'fox' }, post())
    expect(pb.data.data[0]?.url).toMatch(/^http/)
    const pa = await drain(
      c.stream(
        'partnerA',
        {
          model: 'seedream-stream',
          prompt: 'fox',
          size: '1280x720',
          sequential_image_generation: 'auto',
          sequential_image_generation_options: { max_images: 2 }
        },
        post()
      )
    )
    expect(pa.map((e) => (e as { type: string }).type)).toEqual([
      'partial_succeeded',
      'partial_succeeded',
      'completed',
      'done'
    ])
  })

  it('v2: create, poll, succeed with the result URL', async () => {
    const c = rig.client()
    const created = await c.send(
      'imagesV2',
      { model: 'studio-image-async', prompt: 'fox', size: '16:9' },
      post()
    )
    expect(created.data).toMatchObject({ status: 'queued', terminal: false })
    rig.emu.advance(60_000)
    const done = await c.poll('imagesV2', created.data.id, get())
    expect(done.data).toMatchObject({ status: 'succeeded', terminal: true })
    expect(done.data.resultUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/files\//)
    expect(done.data.task.completed_at).toEqual(expect.any(Number))
  })

  it('videos: create, poll, succeed with the video URL', async () => {
    const c = rig.client()
    const created = await c.send('videos', { model: 'seedance-video', prompt: 'fox', duration: 2 }, post())
    rig.emu.advance(60_000)
    const done = await c.poll('videos', created.data.id, get())
    expect(done.data).toMatchObject({ status: 'succeeded', terminal: true })
    expect(done.data.resultUrl).toMatch(/\.mp4/)
  })

  it('v2 and video tasks that fail expose the error', async () => {
    rig.emu.faults.script('POST /v2/images/generations', { taskOutcome: 'failed' })
    rig.emu.faults.script('POST /v1/videos/generations', { taskOutcome: 'failed' })
    const c = rig.client()
    const image = await c.send('imagesV2', { model: 'studio-image-async', prompt: 'fox' }, post())
    const video = await c.send('videos', { model: 'seedance-video', prompt: 'fox', duration: 1 }, post())
    rig.emu.advance(60_000)
    const imageDone = await c.poll('imagesV2', image.data.id, get())
    const videoDone = await c.poll('videos', video.data.id, get())
    expect(imageDone.data).toMatchObject({ status: 'failed', terminal: true, resultUrl: undefined })
    expect(imageDone.data.failure?.message).toBeTruthy()
    expect(videoDone.data.failure?.code).toBeTruthy()
  })

  it('edits: several images as image[] and a mask', async () => {
    const res = await rig.client().send(
      'imageEdits',
      {
        model: 'studio-image-compat',
        prompt: 'blue',
        images: [
          { data: png, filename: 'a.png' },
          { data: png, filename: 'b.png' }
        ],
        mask: { data: png, filename: 'mask.png' }
      },
      post()
    )
    expect(res.data.data.length).toBeGreaterThan(0)
  })

  it('an unknown task id is a 404 mapped to "invalid"', async () => {
    const err = await failure(rig.client().poll('imagesV2', 'imgtask_nope', get()))
    expect(err.status).toBe(404)
    expect(rig.logFor('/v2/images/generations/imgtask_nope')).toHaveLength(1)
  })
})

describe('error statuses on every endpoint [P36]', () => {
  it('401 for a key of another tenant (listing included)', async () => {
    const other = rig.client({ key: rig.emu.keys.otherTenant })
    expect((await failure(other.listModels(get()))).toView().action).toBe('re_enter_key')
    for (const call of calls()) {
      const err = await failure(call.run(other, call.model, post()))
      expect(err.status, call.name).toBe(401)
      expect(err.toView(), call.name).toMatchObject({ kind: 'auth', action: 're_enter_key' })
    }
  })

  it('401 without any key', async () => {
    const err = await failure(rig.client({ key: null }).listModels(get()))
    expect(err.status).toBe(401)
    expect(rig.emu.requestLog[0]?.authPresent).toBe(false)
  })

  it('402 when the balance is empty', async () => {
    const broke = rig.client({ key: rig.emu.keys.noBalance })
    for (const call of calls()) {
      const err = await failure(call.run(broke, call.model, post()))
      expect(err.status, call.name).toBe(402)
      expect(err.toView(), call.name).toMatchObject({ kind: 'balance', action: 'check_balance' })
      expect(err.outcome, call.name).toBe('failed')
    }
  })

  it('403 for a model the key may not use', async () => {
    const limited = rig.client({ key: rig.emu.keys.noPermission })
    for (const call of calls()) {
      const err = await failure(call.run(limited, 'no-such-model', post()))
      expect(err.status, call.name).toBe(403)
      expect(err.toView(), call.name).toMatchObject({ kind: 'permission', action: 'check_permission' })
    }
    const err = await failure(limited.send('imagesV3', { model: 'studio-image-v3', prompt: 'fox' }, post()))
    expect(err).toMatchObject({ status: 403, code: 'model_not_permitted' })
  })

  it('model_endpoint_mismatch from the gateway, and locally once the catalog is known', async () => {
    const wrong = (call: Call) => (call.model === 'wan-image' ? 'studio-chat' : 'wan-image')
    for (const call of calls()) {
      const err = await failure(call.run(rig.client(), wrong(call), post()))
      expect(err, call.name).toMatchObject({ status: 400, code: 'model_endpoint_mismatch' })
      expect(err.toView().kind).toBe('mismatch')
    }
    const listing = await rig.client().listModels(get())
    const byId = new Map(listing.data.data.map((m) => [m.id, m]))
    const withCatalog = rig.client({ lookupModel: (id) => byId.get(id) })
    rig.emu.clearLog()
    for (const call of calls()) {
      const err = await failure(call.run(withCatalog, wrong(call), post()))
      expect(err, call.name).toMatchObject({ reason: 'preflight', code: 'model_endpoint_mismatch' })
      expect(err.supportedEndpoints, call.name).toEqual(byId.get(wrong(call))?.supported_endpoints)
      expect(err.toView()).toMatchObject({ kind: 'mismatch', action: 'pick_model' })
    }
    expect(rig.emu.requestLog).toHaveLength(0)
  })

  it('503 with the envelope is a refusal on every endpoint; without it, outcome unknown (one POST each) [P17]', async () => {
    const offline = await failure(
      rig.client().createChatCompletion({ model: 'studio-offline', messages: user }, post())
    )
    expect(offline).toMatchObject({ status: 503, code: 'model_endpoint_unavailable', outcome: 'failed' })
    expect(offline.toView()).toMatchObject({ kind: 'unavailable', action: 'retry_later' })
    for (const call of calls()) {
      rig.emu.clearLog()
      rig.emu.faults.script(`POST ${call.path}`, { status: 503 })
      const refused = await failure(call.run(rig.client(), call.model, post()))
      expect(refused, call.name).toMatchObject({ status: 503, outcome: 'failed' })
      rig.emu.faults.script(`POST ${call.path}`, { status: 503, body: '<html>Bad gateway</html>' })
      const unknown = await failure(call.run(rig.client(), call.model, post()))
      expect(unknown, call.name).toMatchObject({ status: 503, outcome: 'unknown' })
      expect(unknown.toView(), call.name).toMatchObject({ kind: 'outcome_unknown', action: 'confirm_resend' })
      expect(rig.logFor(call.path), call.name).toHaveLength(2)
    }
  })
})

describe('pre-flight at each boundary: inside goes out, outside never leaves', () => {
  const cases: [
    string,
    (c: GatewayClient, o: PostOptions) => Promise<unknown>,
    (c: GatewayClient, o: PostOptions) => Promise<unknown>
  ][] = [
    [
      'v3 n 10 / 11',
      (c, o) => c.send('imagesV3', { model: 'studio-image-v3', prompt: 'fox', n: 10, size: '1024x1024' }, o),
      (c, o) => c.send('imagesV3', { model: 'studio-image-v3', prompt: 'fox', n: 11, size: '1024x1024' }, o)
    ],
    [
      'v3 size on the list / off it',
      (c, o) => c.send('imagesV3', { model: 'studio-image-v3', prompt: 'fox', size: '2048x688' }, o),
      (c, o) => c.send('imagesV3', { model: 'studio-image-v3', prompt: 'fox', size: '2048x689' }, o)
    ],
    [
      'v3 compression 100 with jpeg / 101',
      (c, o) =>
        c.send(
          'imagesV3',
          { model: 'studio-image-v3', prompt: 'fox', output_format: 'jpeg', compression: 100 },
          o
        ),
      (c, o) =>
        c.send(
          'imagesV3',
          { model: 'studio-image-v3', prompt: 'fox', output_format: 'jpeg', compression: 101 },
          o
        )
    ],
    [
      'v3 transparent with webp / with jpeg',
      (c, o) =>
        c.send(
          'imagesV3',
          { model: 'studio-image-v3', prompt: 'fox', background: 'transparent', output_format: 'webp' },
          o
        ),
      (c, o) =>
        c.send(
          'imagesV3',
          { model: 'studio-image-v3', prompt: 'fox', background: 'transparent', output_format: 'jpeg' },
          o
        )
    ],
    [
      'v3 moderation low / high',
      (c, o) => c.send('imagesV3', { model: 'studio-image-v3', prompt: 'fox', moderation: 'low' }, o),
      (c, o) => c.send('imagesV3', { model: 'studio-image-v3', prompt: 'fox', moderation: 'high' }, o)
    ],
    [
      'v2 8 / 9 reference images',
      (c, o) =>
        c.send(
          'imagesV2',
          {
            model: 'studio-image-async',
            prompt: 'fox',
            referenceImages: Array.from({ length: 8 }, (_, i) => `https://example.com/${i}.png`)
          },
          o
        ),
      (c, o) =>
        c.send(
          'imagesV2',
          {
            model: 'studio-image-async',
            prompt: 'fox',
            referenceImages: Array.from({ length: 9 }, (_, i) => `https://example.com/${i}.png`)
          },
          o
        )
    ],
    [
      'v2 resolution 4K / 5K',
      (c, o) => c.send('imagesV2', { model: 'studio-image-async', prompt: 'fox', resolution: '4K' }, o),
      (c, o) => c.send('imagesV2', { model: 'studio-image-async', prompt: 'fox', resolution: '5K' }, o)
    ],
    [
      'v2 without n / with n',
      (c, o) => c.send('imagesV2', { model: 'studio-image-async', prompt: 'fox' }, o),
      (c, o) => c.send('imagesV2', { model: 'studio-image-async', prompt: 'fox', extra: { n: 1 } }, o)
    ],
    [
      'partner-a max_images 1 / 0',
      (c, o) =>
        c.send(
          'partnerA',
          {
            model: 'seedream-basic',
            prompt: 'fox',
            size: '1280x720',
            sequential_image_generation: 'auto',
            sequential_image_generation_options: { max_images: 1 }
          },
          o
        ),
      (c, o) =>
        c.send(
          'partnerA',
          {
            model: 'seedream-basic',
            prompt: 'fox',
            size: '1280x720',
            sequential_image_generation: 'auto',
            sequential_image_generation_options: { max_images: 0 }
          },
          o
        )
    ],
    [
      'partner-a without n / with n',
      (c, o) => c.send('partnerA', { model: 'seedream-basic', prompt: 'fox', size: '1280x720' }, o),
      (c, o) => c.send('partnerA', { model: 'seedream-basic', prompt: 'fox', size: '1280x720', n: 2 }, o)
    ],
    [
      'partner-a stream for a streaming model / a known non-streaming one',
      (c, o) =>
        drain(
          c.stream(
            'partnerA',
            { model: 'seedream-stream', prompt: 'fox', size: '1280x720' },
            { ...o, modelStreams: true }
          )
        ),
      (c, o) =>
        drain(
          c.stream(
            'partnerA',
            { model: 'seedream-basic', prompt: 'fox', size: '1280x720' },
            { ...o, modelStreams: false }
          )
        )
    ],
    [
      'partner-b 768x768 / 768x767',
      (c, o) => c.send('partnerB', { model: 'wan-image', prompt: 'fox', size: '768x768' }, o),
      (c, o) => c.send('partnerB', { model: 'wan-image', prompt: 'fox', size: '768x767' }, o)
    ],
    [
      'partner-b 4096x4096 / 4096x4097',
      (c, o) => c.send('partnerB', { model: 'wan-image', prompt: 'fox', size: '4096x4096' }, o),
      (c, o) => c.send('partnerB', { model: 'wan-image', prompt: 'fox', size: '4096x4097' }, o)
    ],
    [
      'partner-b ratio 8:1 / just over',
      (c, o) => c.send('partnerB', { model: 'wan-image', prompt: 'fox', size: '3200x400' }, o),
      (c, o) => c.send('partnerB', { model: 'wan-image', prompt: 'fox', size: '3201x400' }, o)
    ],
    [
      'partner-b 4K without refs / with refs',
      (c, o) => c.send('partnerB', { model: 'wan-image', prompt: 'fox', size: '4K' }, o),
      (c, o) =>
        c.send(
          'partnerB',
          { model: 'wan-image', prompt: 'fox', size: '4K', referenceImages: ['https://example.com/r.png'] },
          o
        )
    ],
    [
      'partner-b 9 / 10 refs',
      (c, o) =>
        c.send(
          'partnerB',
          {
            model: 'wan-image',
            prompt: 'fox',
            referenceImages: Array.from({ length: 9 }, (_, i) => `https://example.com/${i}.png`)
          },
          o
        ),
      (c, o) =>
        c.send(
          'partnerB',
          {
            model: 'wan-image',
            prompt: 'fox',
            referenceImages: Array.from({ length: 10 }, (_, i) => `https://example.com/${i}.png`)
          },
          o
        )
    ],
    [
      'partner-b count 1 / 2',
      (c, o) => c.send('partnerB', { model: 'wan-image', prompt: 'fox', count: 1 }, o),
      (c, o) => c.send('partnerB', { model: 'wan-image', prompt: 'fox', count: 2 }, o)
    ],
    [
      'partner-b prompt "x" / ""',
      (c, o) => c.send('partnerB', { model: 'wan-image', prompt: 'x' }, o),
      (c, o) => c.send('partnerB', { model: 'wan-image', prompt: '' }, o)
    ],
    [
      'video duration 1 / 0',
      (c, o) => c.send('videos', { model: 'seedance-video', prompt: 'fox', duration: 1 }, o),
      (c, o) => c.send('videos', { model: 'seedance-video', prompt: 'fox', duration: 0 }, o)
    ],
    [
      'video size 1280x720 / 16:9',
      (c, o) =>
        c.send('videos', { model: 'seedance-video', prompt: 'fox', duration: 1, size: '1280x720' }, o),
      (c, o) => c.send('videos', { model: 'seedance-video', prompt: 'fox', duration: 1, size: '16:9' }, o)
    ],
    [
      'messages max_tokens 1 / 0',
      (c, o) => c.createMessage({ model: 'studio-messages', max_tokens: 1, messages: user }, o),
      (c, o) => c.createMessage({ model: 'studio-messages', max_tokens: 0, messages: user }, o)
    ],
    [
      'chat one message / none',
      (c, o) => c.createChatCompletion({ model: 'studio-chat', messages: user }, o),
      (c, o) => c.createChatCompletion({ model: 'studio-chat', messages: [] }, o)
    ],
    [
      'responses input "hi" / ""',
      (c, o) => c.createResponse({ model: 'studio-responses', input: 'hi' }, o),
      (c, o) => c.createResponse({ model: 'studio-responses', input: '' }, o)
    ],
    [
      'edits one image / none',
      (c, o) =>
        c.send(
          'imageEdits',
          { model: 'studio-image-compat', prompt: 'blue', images: [{ data: png, filename: 'a.png' }] },
          o
        ),
      (c, o) => c.send('imageEdits', { model: 'studio-image-compat', prompt: 'blue', images: [] }, o)
    ]
  ]

  for (const [name, inside, outside] of cases) {
    it(name, async () => {
      const c = rig.client()
      await inside(c, post())
      expect(rig.emu.requestLog).toHaveLength(1)
      const err = await failure(outside(c, post()))
      expect(err.reason).toBe('preflight')
      expect(err.issues?.length).toBeGreaterThan(0)
      expect(err.toView().action).toBe('fix_input')
      expect(rig.emu.requestLog).toHaveLength(1)
    })
  }
})
