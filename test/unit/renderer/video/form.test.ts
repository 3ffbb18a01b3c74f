import { describe, expect, it } from 'vitest'
import { buildVideoForm, emptyVideoDraft, type VideoDraft } from '@renderer/features/video/form'
import { i18n } from '@renderer/i18n'
import type { ModelView } from '@shared/schemas/profiles'

/** The form as the screen builds it, in the app's current language (English unless a test switches). */
const build = (d: VideoDraft, m: ModelView | undefined): ReturnType<typeof buildVideoForm> =>
  buildVideoForm(d, m, i18n.t)

const model: ModelView = {
  id: 'seedance-video',
  ownedBy: 'studio',
  supportedEndpoints: ['/v1/videos/generations'],
  billingUnit: 'token'
}
const draft = (patch: Partial<VideoDraft> = {}): VideoDraft => ({
  ...emptyVideoDraft,
  model: 'seedance-video',
  prompt: 'a paper boat',
  ...patch
})

describe('the video form', () => {
  it('builds the videos request: duration, W×H size, extras under their provider names, first frame apart', () => {
    const form = build(
      draft({
        duration: '4',
        width: '1280',
        height: '720',
        resolution: '720p',
        ratio: '16:9',
        seed: '42',
        watermark: 'off',
        audio: 'on',
        firstFrame: { type: 'library', mediaId: 'b'.repeat(32) },
        extraJson: '{"camera_fixed": true}'
      }),
      model
    )
    expect(form.issues).toEqual({})
    expect(form.request).toEqual({
      endpoint: 'videos',
      body: {
        model: 'seedance-video',
        prompt: 'a paper boat',
        duration: 4,
        size: '1280x720',
        extra: {
          camera_fixed: true,
          resolution: '720p',
          ratio: '16:9',
          seed: 42,
          watermark: false,
          generate_audio: true
        }
      },
      firstFrame: { mediaId: 'b'.repeat(32) }
    })
  })

  it('sends nothing it was not asked to: defaults stay off the wire', () => {
    const form = build(draft(), model)
    expect(form.request).toEqual({
      endpoint: 'videos',
      body: { model: 'seedance-video', prompt: 'a paper boat', duration: 5 }
    })
  })

  it('requires a duration of at least one whole second, in the spec’s words', () => {
    expect(build(draft({ duration: '' }), model).issues.duration).toMatch(
      /^Required: a whole number of seconds/
    )
    expect(build(draft({ duration: '0' }), model).issues.duration).toMatch(/at least 1/)
    expect(build(draft({ duration: '1.5' }), model).issues.duration).toMatch(/whole number/)
    expect(build(draft({ duration: '1' }), model).issues).toEqual({})
  })

  it('names the field of every other issue', () => {
    expect(build(draft({ prompt: ' ' }), model).issues.prompt).toBe('Required: it cannot be empty (prompt).')
    expect(build(draft({ width: '640' }), model).issues.size).toBe('Enter both width and height, or neither.')
    expect(build(draft({ width: '640', height: '0' }), model).issues.size).toMatch(/whole numbers/)
    expect(build(draft({ seed: '1.5' }), model).issues.seed).toMatch(/whole number/)
    expect(build(draft({ extraJson: '{"a":' }), model).issues.extra).toMatch(/not valid JSON/)
    expect(build(draft({ extraJson: '[1]' }), model).issues.extra).toMatch(/JSON object/)
    expect(build(draft({ extraJson: '{"seed": 3}' }), model).issues.extra).toMatch(/"seed"/)
    expect(build(draft({ extraJson: '{"bad name": 3}' }), model).issues.extra).toBeDefined()
    expect(build(draft({ firstFrame: { type: 'url', url: 'ftp://x' } }), model).issues.firstFrame).toMatch(
      /http/
    )
    expect(build(draft({ firstFrame: { type: 'library', mediaId: '' } }), model).issues.firstFrame).toMatch(
      /Pick an image/
    )
  })

  it('refuses a model that does not list the video endpoint', () => {
    const chat = { ...model, id: 'studio-chat', supportedEndpoints: ['/v1/chat/completions'] }
    expect(build(draft({ model: 'studio-chat' }), chat).issues.model).toBe(
      'Pick a model offered on Video: "studio-chat" is only on Chat completions (model).'
    )
  })

  it('takes a first frame by address as the gateway would fetch it', () => {
    const form = build(draft({ firstFrame: { type: 'url', url: ' https://cdn.example/f.png ' } }), model)
    expect(form.request.firstFrame).toEqual({ url: 'https://cdn.example/f.png' })
  })

  it('says its own issues in Simplified Chinese when the app speaks it', async () => {
    await i18n.changeLanguage('zh-CN')
    expect(build(draft({ width: '640' }), model).issues.size).toBe('宽度和高度请同时填写，或都不填。')
    expect(build(draft({ seed: '1.5' }), model).issues.seed).toBe('随机种子须为整数。')
    expect(build(draft({ extraJson: '{"a":' }), model).issues.extra).toMatch(/^这不是有效的 JSON/)
    expect(build(draft({ extraJson: '{"seed": 3, "ratio": "1:1"}' }), model).issues.extra).toBe(
      '请在上方的字段中设置 "ratio"和"seed"，不要写在这里。'
    )
    // The shared rules too (a duration of 0 is the gateway's limit, checked before sending).
    expect(build(draft({ duration: '0' }), model).issues.duration).toBe(
      '请填写不小于 1 的整数（duration：0）。'
    )
  })
})
