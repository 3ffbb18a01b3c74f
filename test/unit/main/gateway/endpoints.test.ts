import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { GatewayError } from '../../../../src/main/gateway'
import { json, signal, startTestServer, testClient, type Seen, type TestServer } from './testServer'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())
afterEach(() => {
  server.seen.length = 0
})

const post = (key = 'job') => ({ signal: signal(), idempotencyKey: key })
const bodyOf = (seen: Seen | undefined): Record<string, unknown> =>
  JSON.parse(seen?.body.toString('utf8') ?? 'null') as Record<string, unknown>
const reply = (body: unknown) => server.setHandler((_req, res) => json(res, 200, body))
const imageOk = { created: 1, data: [{ url: 'https://cdn.example.com/a.png', revised_prompt: 'p' }] }

function sse(text: string, stallAfter = false): void {
  server.setHandler((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/event-stream', 'x-request-id': 'req-sse' })
    res.write(text)
    if (!stallAfter) res.end()
  })
}

describe('text endpoints', () => {
  it('chat: stream false, profile extras under the request fields, result read', async () => {
    reply({
      id: 'c1',
      object: 'chat.completion',
      choices: [{ index: 0, message: { role: 'assistant', content: 'hi' }, finish_reason: 'stop' }],
      usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2, prompt_tokens_details: {} },
      system_fingerprint: 'kept'
    })
    const client = testClient(server.baseUrl, {
      extraFields: { chatCompletions: { temperature: 0.2, user: 'extra' } }
    })
    const res = await client.createChatCompletion(
      { model: 'm', messages: [{ role: 'user', content: 'hi' }], user: 'explicit' },
      post()
    )
    expect(res.data.choices[0]?.message?.content).toBe('hi')
    expect(res.data['system_fingerprint']).toBe('kept')
    expect(bodyOf(server.seen[0])).toEqual({
      model: 'm',
      messages: [{ role: 'user', content: 'hi' }],
      stream: false,
      temperature: 0.2,
      user: 'explicit'
    })
    expect(server.seen[0]?.path).toBe('/v1/chat/completions')
  })

  it('chat stream over HTTP: asks for usage, yields events, keeps the request id', async () => {
    sse(
      'data: {"id":"c","choices":[{"index":0,"delta":{"content":"Hey"},"finish_reason":"stop"}]}\n\n' +
        'data: {"id":"c","choices":[],"usage":{"prompt_tokens":1,"completion_tokens":1,"total_tokens":2}}\n\ndata: [DONE]\n\n'
    )
    const stream = await testClient(server.baseUrl).streamChatCompletion(
      { model: 'm', messages: [{ role: 'user', content: 'hi' }] },
      post()
    )
    const types: string[] = []
    for await (const e of stream.events) types.push(e.type)
    expect(types).toEqual(['start', 'text', 'finish', 'usage', 'done'])
    expect(stream.requestId).toBe('req-sse')
    expect(bodyOf(server.seen[0])).toMatchObject({ stream: true, stream_options: { include_usage: true } })
    expect(server.seen[0]?.headers.accept).toBe('text/event-stream')
  })

  it('messages: anthropic-version header and max_tokens kept', async () => {
    reply({
      id: 'msg',
      type: 'message',
      role: 'assistant',
      content: [{ type: 'text', text: 'x' }],
      usage: {}
    })
    const res = await testClient(server.baseUrl).createMessage(
      { model: 'm', max_tokens: 16, messages: [{ role: 'user', content: 'hi' }] },
      post()
    )
    expect(res.data.content[0]).toEqual({ type: 'text', text: 'x' })
    expect(server.seen[0]?.headers['anthropic-version']).toBe('2023-06-01')
    expect(bodyOf(server.seen[0])).toMatchObject({ max_tokens: 16, stream: false })
  })

  it('responses: the result and its usage', async () => {
    reply({
      id: 'r',
      object: 'response',
      output: [],
      usage: { input_tokens: 1, output_tokens: 2, total_tokens: 3 }
    })
    const res = await testClient(server.baseUrl).createResponse({ model: 'm', input: 'hi' }, post())
    expect(res.data.usage?.total_tokens).toBe(3)
  })

  it('a stream that stalls mid-body ends as stream_incomplete after the idle limit, keeping what came [P15][P21]', async () => {
    sse('data: {"id":"c","choices":[{"index":0,"delta":{"content":"so far"}}]}\n\n', true)
    const client = testClient(server.baseUrl, { timeouts: { sseIdleMs: 300 } })
    const stream = await client.streamChatCompletion(
      { model: 'm', messages: [{ role: 'user', content: 'x' }] },
      post()
    )
    const texts: string[] = []
    let error: GatewayError | undefined
    const started = Date.now()
    try {
      for await (const e of stream.events) if (e.type === 'text') texts.push(e.text)
    } catch (err) {
      error = err as GatewayError
    }
    // undici checks its headers/body timers on ~0.5 s ticks, hence the slack beyond P15's + 1 s.
    expect(Date.now() - started).toBeLessThan(300 + 1500)
    expect(texts).toEqual(['so far'])
    expect(error).toMatchObject({
      reason: 'stream_incomplete',
      code: 'UND_ERR_BODY_TIMEOUT',
      requestId: 'req-sse'
    })
    expect(error?.toView().kind).toBe('stream_incomplete')
  })

  it('breaking out of a stream closes the connection [P16]', async () => {
    let closed = false
    server.setHandler((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' })
      res.write('data: {"type":"image_generation.partial_succeeded","image_index":0,"url":"https://x/0"}\n\n')
      res.on('close', () => {
        closed = true
      })
    })
    const stream = await testClient(server.baseUrl).stream('partnerA', { model: 'm', prompt: 'p' }, post())
    for await (const e of stream.events) if (e.type === 'partial_succeeded') break
    for (let i = 0; i < 100 && !closed; i++) await new Promise((r) => setTimeout(r, 5))
    expect(closed).toBe(true)
  })
})

describe('image endpoints and the field map', () => {
  it('v1: passes the open body through', async () => {
    reply(imageOk)
    const res = await testClient(server.baseUrl).send(
      'imagesV1',
      { model: 'm', prompt: 'p', size: '1024x1024' },
      post()
    )
    expect(res.data.data[0]?.url).toBe('https://cdn.example.com/a.png')
    expect(bodyOf(server.seen[0])).toEqual({ model: 'm', prompt: 'p', size: '1024x1024' })
  })

  it('v3: hidden names from the field map, no extras', async () => {
    reply({
      created: 1,
      quality: 'low',
      size: '1536x1024',
      data: [{ url: 'https://x/a.webp' }],
      usage: { total_tokens: 3 }
    })
    const client = testClient(server.baseUrl, {
      fieldMap: { imagesV3: { moderation: 'safety', compression: 'quality_pct' } },
      extraFields: { partnerA: { ignored: true } }
    })
    await client.send(
      'imagesV3',
      {
        model: 'm',
        prompt: 'p',
        output_format: 'webp',
        compression: 80,
        moderation: 'low',
        size: '1536x1024'
      },
      post()
    )
    expect(bodyOf(server.seen[0])).toEqual({
      model: 'm',
      prompt: 'p',
      size: '1536x1024',
      output_format: 'webp',
      safety: 'low',
      quality_pct: 80
    })
  })

  it('v2: default names, then overridden names', async () => {
    reply({
      id: 'imgtask_1',
      object: 'image.generation.task',
      status: 'queued',
      created_at: 1,
      completed_at: null
    })
    const request = {
      model: 'm',
      prompt: 'p',
      size: '16:9',
      resolution: '2K',
      referenceImages: ['https://x/r.png']
    }
    const first = await testClient(server.baseUrl).send('imagesV2', request, post())
    expect(first.data).toMatchObject({
      id: 'imgtask_1',
      status: 'queued',
      terminal: false,
      resultUrl: undefined
    })
    expect(bodyOf(server.seen[0])).toEqual({
      model: 'm',
      prompt: 'p',
      size: '16:9',
      resolution: '2K',
      image_urls: ['https://x/r.png']
    })
    await testClient(server.baseUrl, {
      fieldMap: { imagesV2: { size: 'aspect_ratio', resolution: 'image_size', referenceImages: 'images' } }
    }).send('imagesV2', request, post('job-2'))
    expect(bodyOf(server.seen[1])).toEqual({
      model: 'm',
      prompt: 'p',
      aspect_ratio: '16:9',
      image_size: '2K',
      images: ['https://x/r.png']
    })
  })

  it.each([
    [{ data: [{ url: 'https://r/1' }] }, 'https://r/1'],
    [{ result_url: 'https://r/2' }, 'https://r/2'],
    [{ image_url: 'https://r/3' }, 'https://r/3'],
    [{ result: { data: [{ url: 'https://r/4' }] } }, 'https://r/4'],
    [{ results: ['https://r/5'] }, 'https://r/5'],
    [{ url: 'https://r/6' }, 'https://r/6']
  ])('v2 get: result URL read from %o', async (extra, url) => {
    reply({ id: 'imgtask_1', status: 'succeeded', created_at: 1, completed_at: 2, ...extra })
    const res = await testClient(server.baseUrl).poll('imagesV2', 'imgtask_1', { signal: signal() })
    expect(res.data).toMatchObject({ terminal: true, resultUrl: url })
    expect(server.seen[0]?.path).toBe('/v2/images/generations/imgtask_1')
  })

  it('v2 get: a failed task exposes its error, flat or wrapped', async () => {
    reply({
      id: 't',
      status: 'failed',
      error: { error: { type: 'upstream_error', code: 'Blocked', message: 'no' } }
    })
    const res = await testClient(server.baseUrl).poll('imagesV2', 't/../x', { signal: signal() })
    expect(res.data.failure).toMatchObject({ code: 'Blocked', message: 'no' })
    expect(server.seen[0]?.path).toBe('/v2/images/generations/t%2F..%2Fx')
  })

  it('partner-a: the open body keeps unknown fields; created_at read as created', async () => {
    reply({
      model: 'seedream',
      created_at: 9,
      data: [{ url: 'https://x/1', size: '2048x2048', z_index: 1 }],
      usage: {}
    })
    const res = await testClient(server.baseUrl).send(
      'partnerA',
      { model: 'm', prompt: 'p', watermark: false, layer_decomposition: true },
      post()
    )
    expect(res.data.created).toBe(9)
    expect(res.data.data[0]?.['z_index']).toBe(1)
    expect(bodyOf(server.seen[0])).toMatchObject({
      layer_decomposition: true,
      watermark: false,
      stream: false
    })
  })

  it('partner-b: mapped names; profile < call extras < request fields', async () => {
    reply(imageOk)
    const client = testClient(server.baseUrl, {
      fieldMap: { partnerB: { referenceImages: 'images' } },
      extraFields: { partnerB: { negative_prompt: 'profile', prompt_extend: false } }
    })
    await client.send(
      'partnerB',
      {
        model: 'm',
        prompt: 'a cat',
        count: 1,
        size: '2K',
        seed: 42,
        watermark: false,
        referenceImages: ['https://x/r.png'],
        extra: { negative_prompt: 'call', prompt: 'must not win' }
      },
      post()
    )
    expect(bodyOf(server.seen[0])).toEqual({
      model: 'm',
      prompt: 'a cat',
      n: 1,
      size: '2K',
      seed: 42,
      watermark: false,
      images: ['https://x/r.png'],
      negative_prompt: 'call',
      prompt_extend: false
    })
  })

  it('edits: one file as `image`, several as `image[]`, and a mask', async () => {
    reply(imageOk)
    const png = (name: string) => ({ data: new Uint8Array([0x89, 0x50, 0x4e, 0x47]), filename: name })
    const client = testClient(server.baseUrl)
    await client.send('imageEdits', { model: 'm', prompt: 'p', images: [png('a.png')] }, post())
    await client.send(
      'imageEdits',
      {
        model: 'm',
        prompt: 'p',
        images: [png('a.png'), png('b.webp')],
        mask: png('m.png'),
        fields: { n: 2 }
      },
      post('job-2')
    )
    const form = async (seen: Seen | undefined) =>
      new Request('http://x', {
        method: 'POST',
        headers: { 'content-type': String(seen?.headers['content-type']) },
        body: seen?.body
      }).formData()
    const one = await form(server.seen[0])
    expect([...one.keys()]).toEqual(['model', 'prompt', 'image'])
    const many = await form(server.seen[1])
    expect([...many.keys()]).toEqual(['n', 'model', 'prompt', 'image[]', 'image[]', 'mask'])
    const files = many.getAll('image[]') as File[]
    expect(files.map((f) => [f.name, f.type])).toEqual([
      ['a.png', 'image/png'],
      ['b.webp', 'image/webp']
    ])
    expect(server.seen[1]?.headers['idempotency-key']).toBe('job-2')
  })
})

describe('videos', () => {
  it('create → queued; get from the default path, result URL from the default name', async () => {
    reply({ id: 'vtask_01', object: 'task', status: 'queued', result: null, error: null, usage: null })
    const created = await testClient(server.baseUrl).send(
      'videos',
      { model: 'm', prompt: 'p', duration: 5 },
      post()
    )
    expect(created.data).toMatchObject({ id: 'vtask_01', status: 'queued', terminal: false })
    expect(bodyOf(server.seen[0])).toEqual({ model: 'm', prompt: 'p', duration: 5 })
    reply({ id: 'vtask_01', object: 'task', status: 'succeeded', result: { video_url: 'https://v/1.mp4' } })
    const got = await testClient(server.baseUrl).poll('videos', 'vtask_01', { signal: signal() })
    expect(got.data).toMatchObject({ terminal: true, resultUrl: 'https://v/1.mp4' })
    expect(server.seen[1]?.path).toBe('/v1/videos/generations/vtask_01')
  })

  it('a profile with another query path and result name', async () => {
    reply({ id: 'v', status: 'succeeded', output: { media: [{ href: 'https://v/2.mp4' }] } })
    const client = testClient(server.baseUrl, {
      fieldMap: { video: { queryPath: '/v1/videos/{id}', resultUrlPath: 'output.media[0].href' } }
    })
    const got = await client.poll('videos', 'v', { signal: signal() })
    expect(got.data.resultUrl).toBe('https://v/2.mp4')
    expect(server.seen[0]?.path).toBe('/v1/videos/v')
  })

  it.each([
    [{ result: { url: 'https://v/a' } }, 'https://v/a'],
    [{ result: { videos: [{ url: 'https://v/b' }] } }, 'https://v/b'],
    [{ result: { data: [{ url: 'https://v/c' }] } }, 'https://v/c'],
    [{ content: { video_url: 'https://v/d' } }, 'https://v/d'],
    [{ video_url: 'https://v/e' }, 'https://v/e']
  ])('result URL fallbacks: %o', async (extra, url) => {
    reply({ id: 'v', status: 'succeeded', ...extra })
    const got = await testClient(server.baseUrl).poll('videos', 'v', { signal: signal() })
    expect(got.data.resultUrl).toBe(url)
  })

  it('cancel only when the profile has a cancel path', async () => {
    const plain = testClient(server.baseUrl)
    expect(plain.canCancel('videos')).toBe(false)
    server.setHandler((_req, res) => {
      res.writeHead(204)
      res.end()
    })
    const withCancel = testClient(server.baseUrl, {
      fieldMap: { video: { cancel: { path: '/v1/videos/generations/{id}' } } }
    })
    expect(withCancel.canCancel('videos')).toBe(true)
    await withCancel.cancel('videos', 'vtask_9', { signal: signal() })
    expect(server.seen[0]).toMatchObject({ method: 'DELETE', path: '/v1/videos/generations/vtask_9' })
  })
})
