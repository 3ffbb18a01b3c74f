import { describe, expect, it } from 'vitest'
import { createI18n } from '@renderer/i18n'
import { emptyDraft, type Draft } from '@renderer/jobs/imageForm/form'
import { draftFromSettings, formChoice, type SettingsNotice } from '@renderer/features/images/settingsDraft'
import { settingsNoticeText } from '@renderer/features/images/settingsWords'
import type { FileSettings } from '@shared/schemas/fileSettings'
import type { ModelView } from '@shared/schemas/profiles'
import { noSettings } from '../../../helpers/provenance'

const model = (id: string, ...supportedEndpoints: string[]): ModelView => ({
  id,
  ownedBy: null,
  supportedEndpoints,
  billingUnit: 'image'
})

const models: ModelView[] = [
  model('gpt-image', '/v3/images/generations', '/v1/images/edits'),
  model('seedream', '/partner-a/v3/images/generations'),
  model('wan', '/v1/images/partner-b'),
  model('flux-dev', '/v1/images/generations'),
  model('chat', '/v1/chat/completions')
]

/** What a file carries: every field null but those given. */
const file = (patch: Partial<FileSettings>): FileSettings => ({ ...noSettings('comfyui'), ...patch })

const current = (patch: Partial<Draft> = {}): Draft => ({
  ...emptyDraft(),
  prompt: 'what was there',
  model: 'seedream',
  endpoint: 'partnerA',
  ...patch
})

const comfy = file({
  source: 'comfyui',
  prompt: 'a lighthouse at dusk',
  negativePrompt: 'blurry',
  model: 'models/checkpoints/sd_xl_base_1.0.safetensors',
  seed: 123456789,
  width: 832,
  height: 1216,
  steps: 30,
  guidance: 7,
  sampler: 'euler'
})

describe('"Use these settings": an image’s settings into the Images form', () => {
  it('fills the form from a Gateway Studio file exactly as Remix fills it from the job', () => {
    const body = {
      model: 'wan',
      prompt: 'a paper boat',
      size: '1536x1024',
      seed: 42,
      watermark: true,
      extra: { style: 'ink' }
    }
    const ours = file({
      source: 'gateway-studio',
      prompt: 'a paper boat',
      model: 'wan',
      // The file keeps the path the job was sent to, as the job row does.
      endpoint: '/v1/images/partner-b',
      body,
      seed: 42
    })
    const draft = current()
    const outcome = draftFromSettings({ kind: 'file', settings: ours }, draft, models)
    const remix = draftFromSettings(
      { kind: 'job', request: { endpoint: 'partnerB', body }, prompt: 'a paper boat' },
      draft,
      models
    )
    expect(outcome.how).toBe('request')
    expect(outcome.draft).toEqual(remix.draft)
    expect(outcome.draft.model).toBe('wan')
    expect(outcome.draft.endpoint).toBe('partnerB')
    expect(outcome.draft.partnerB).toMatchObject({
      sizeMode: 'custom',
      width: '1536',
      height: '1024',
      seed: '42'
    })
    expect(outcome.prompt).toBe('a paper boat')
  })

  it('keeps the form’s model for a ComfyUI file and takes the prompt and seed, saying what it left', () => {
    const outcome = draftFromSettings({ kind: 'file', settings: comfy }, current(), models)
    expect(outcome.draft.model).toBe('seedream')
    expect(outcome.draft.endpoint).toBe('partnerA')
    expect(outcome.draft.prompt).toBe('a lighthouse at dusk')
    // Partner A takes a size as text it checks, a seed, and a guidance scale (what CFG is).
    expect(outcome.draft.partnerA).toMatchObject({ seed: '123456789', size: '832x1216', guidance: '7' })
    expect(outcome).toMatchObject({
      how: 'fields',
      from: 'comfyui',
      taken: ['prompt', 'seed', 'size', 'guidance'],
      left: [
        { name: 'model', why: 'unlisted', value: 'models/checkpoints/sd_xl_base_1.0.safetensors' },
        { name: 'negativePrompt', why: 'noField' },
        { name: 'steps', why: 'noField' },
        { name: 'sampler', why: 'noField' }
      ]
    })
  })

  it('uses the file’s model when the gateway lists it, on an endpoint the model offers', () => {
    const a1111 = file({ source: 'a1111', prompt: 'a red kite', model: 'Flux-Dev.safetensors', seed: 7 })
    const outcome = draftFromSettings({ kind: 'file', settings: a1111 }, current(), models)
    expect(outcome.draft.model).toBe('flux-dev')
    expect(outcome.draft.endpoint).toBe('imagesV1')
    expect(outcome).toMatchObject({
      taken: ['prompt', 'model'],
      left: [{ name: 'seed', why: 'noField' }]
    })
  })

  it('puts a size into a size picker only when it lists it', () => {
    const onV3 = current({ model: 'gpt-image', endpoint: 'imagesV3' })
    const listed = file({ prompt: 'p', width: 1536, height: 1024 })
    expect(draftFromSettings({ kind: 'file', settings: listed }, onV3, models).draft.imagesV3.size).toBe(
      '1536x1024'
    )
    const unlisted = draftFromSettings({ kind: 'file', settings: comfy }, onV3, models)
    expect(unlisted.draft.imagesV3.size).toBe(onV3.imagesV3.size)
    expect(unlisted).toMatchObject({ how: 'fields', taken: ['prompt'] })
    expect(unlisted.how === 'fields' ? unlisted.left.slice(0, 2) : null).toEqual([
      { name: 'model', why: 'unlisted', value: 'models/checkpoints/sd_xl_base_1.0.safetensors' },
      { name: 'seed', why: 'noField' }
    ])
    expect(unlisted.how === 'fields' ? unlisted.left[2] : null).toEqual({
      name: 'size',
      why: 'notOffered',
      width: 832,
      height: 1216
    })
  })

  it('does not say the gateway lacks the model while its models are still loading', () => {
    const outcome = draftFromSettings({ kind: 'file', settings: comfy }, current({}), [])
    expect(outcome.how === 'fields' ? outcome.left[0] : null).toEqual({
      name: 'model',
      why: 'unchecked',
      value: 'models/checkpoints/sd_xl_base_1.0.safetensors'
    })
  })

  it('keeps a 64-bit seed whole, as text', () => {
    const onB = current({ model: 'wan', endpoint: 'partnerB' })
    const big = file({ source: 'invokeai', prompt: 'p', seed: '18446744073709551615' })
    expect(draftFromSettings({ kind: 'file', settings: big }, onB, models).draft.partnerB.seed).toBe(
      '18446744073709551615'
    )
  })

  it('picks the model the form would pick by itself when none is chosen yet', () => {
    expect(formChoice({ model: '', endpoint: null }, models)).toEqual({
      model: 'gpt-image',
      endpoint: 'imagesV3'
    })
    const outcome = draftFromSettings(
      { kind: 'file', settings: file({ prompt: 'p', seed: 3 }) },
      emptyDraft(),
      models
    )
    expect(outcome.draft.model).toBe('gpt-image')
  })

  it('takes only the prompt of a request to an endpoint with no form here (an edit)', () => {
    const request = {
      endpoint: 'imageEdits',
      body: { model: 'gpt-image', prompt: 'make it night' },
      images: [{ mediaId: 'a'.repeat(32) }]
    }
    const draft = current()
    const outcome = draftFromSettings({ kind: 'job', request, prompt: 'make it night' }, draft, models)
    expect(outcome).toMatchObject({ how: 'promptOnly', endpoint: 'imageEdits' })
    expect(outcome.draft).toEqual({ ...draft, prompt: 'make it night' })
  })
})

describe('what the notice says, in both languages', () => {
  const english = createI18n('en').t
  const chinese = createI18n('zh-CN').t
  const fromComfy = draftFromSettings({ kind: 'file', settings: comfy }, current(), models)
  const notice = fromComfy as unknown as SettingsNotice

  it('names what was taken, the model the gateway does not have, and what the form has no field for', () => {
    expect(settingsNoticeText(english, notice)).toBe(
      'Prompt, seed, size and CFG taken from a ComfyUI image. Its model, models/checkpoints/sd_xl_base_1.0.safetensors, is not one of this gateway’s. This endpoint has no field for its negative prompt, steps and sampler.'
    )
    expect(settingsNoticeText(chinese, notice)).toBe(
      '已从 ComfyUI 图片中取用提示词、随机种子、尺寸和 CFG 值。它使用的模型 models/checkpoints/sd_xl_base_1.0.safetensors 不在当前网关的模型列表中。这个接口没有可以填入反向提示词、步数和采样器的字段。'
    )
  })

  it('says when only the prompt was taken, naming the endpoint as designers know it', () => {
    expect(settingsNoticeText(english, { from: 'job', how: 'promptOnly', endpoint: 'imageEdits' })).toMatch(
      /^Only the prompt was taken: this screen has no form for .+\.$/
    )
    expect(settingsNoticeText(chinese, { from: 'job', how: 'promptOnly', endpoint: null })).toBe(
      '只取用了提示词：无法读回它的请求。'
    )
  })
})
