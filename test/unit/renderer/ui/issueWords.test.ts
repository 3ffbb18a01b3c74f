import { describe, expect, it } from 'vitest'
import { PREFLIGHT_RULES, type PreflightIssue } from '@shared/gateway/checks'
import { preflightImageEdit } from '@shared/gateway/endpoints/imageEdits'
import { preflightImagesV2 } from '@shared/gateway/endpoints/imagesV2'
import { preflightImagesV3 } from '@shared/gateway/endpoints/imagesV3'
import { preflightPartnerA } from '@shared/gateway/endpoints/partnerA'
import { preflightPartnerB } from '@shared/gateway/endpoints/partnerB'
import { preflightVideo } from '@shared/gateway/endpoints/videos'
import { defaultFieldMap } from '@shared/gateway/fieldMap'
import {
  checkModelEndpoint,
  preflightChatCompletion,
  preflightMessages,
  preflightResponses
} from '@shared/gateway/preflight'
import { preflightJob } from '@shared/schemas/jobPreflight'
import type { JobRequest } from '@shared/schemas/jobs'
import { createI18n } from '@renderer/i18n'
import { en } from '@shared/i18n/locales/en'
import { zhCN } from '@shared/i18n/locales/zh-CN'
import { issueWords } from '@renderer/ui/issueWords'

const english = createI18n('en').t
const chinese = createI18n('zh-CN').t
const base = { model: 'm', prompt: 'a fox' }
const acme = (extraFields: Record<string, Record<string, unknown>>) => ({
  name: 'Acme',
  extraFields,
  fieldMap: defaultFieldMap()
})
const v2: JobRequest = { endpoint: 'imagesV2', body: { model: 'm', prompt: 'a fox' }, count: 1 }
const partnerB: JobRequest = { endpoint: 'partnerB', body: { model: 'm', prompt: 'a fox' } }

/** An issue of every rule the checks have, and of a gateway profile's extra fields. */
function everyIssue(): PreflightIssue[] {
  return [
    ...preflightImagesV3({ ...base, prompt: '', n: 0, size: 'huge', output_format: 'gif', compression: 1.5 }),
    ...preflightImagesV3({ ...base, background: 'transparent', output_format: 'jpeg' }),
    ...preflightImagesV3({ ...base, output_format: 'png', compression: 50 }),
    ...preflightImagesV2({ ...base, n: 2, size: '', referenceImages: ['ftp://x'] }),
    ...preflightImagesV2({ ...base, referenceImages: Array.from({ length: 9 }, (_, i) => `https://x/${i}`) }),
    ...preflightImagesV2({ ...base, referenceImages: 'x' }),
    ...preflightPartnerA(
      { ...base, n: 2, sequential_image_generation_options: 'x', seed: 'x', watermark: 'y', image: [1] },
      { stream: true, modelStreams: false }
    ),
    ...preflightPartnerA(
      { ...base, sequential_image_generation_options: { max_images: 0 } },
      { stream: false }
    ),
    ...preflightPartnerB({ ...base, count: 4, size: ['1K'], referenceImages: ['ftp://x'] }),
    ...preflightPartnerB({ ...base, size: '500x500' }),
    ...preflightPartnerB({ ...base, size: '4000x400' }),
    ...preflightPartnerB({ ...base, size: '4K', referenceImages: ['https://x.test/1'] }),
    ...preflightVideo(base),
    ...preflightVideo({ ...base, duration: 0, size: '720p' }),
    ...preflightImageEdit({ model: 'm', prompt: 'p', imageCount: 0, maskCount: 2 }),
    ...preflightChatCompletion({ model: 'm', messages: [{}] }),
    ...preflightChatCompletion({ model: 'm', messages: [] }),
    ...preflightMessages({ model: 'm', messages: [] }),
    ...preflightMessages({ model: 'm', max_tokens: 0, messages: [{ role: 'user', content: 'x' }] }),
    ...preflightResponses({ model: 'm', input: {} }),
    ...preflightResponses({ model: 'm', input: '' }),
    ...checkModelEndpoint(
      { id: 'seedream', supported_endpoints: ['/partner-a/v3/images/generations', '/v1/images/edits', '/x'] },
      'imagesV3'
    ),
    ...checkModelEndpoint({ id: 'seedream', supported_endpoints: [] }, 'videos'),
    ...preflightJob(v2, undefined, acme({ imagesV2: { n: 2, resolution: '8K' } })),
    ...preflightJob(partnerB, undefined, acme({ partnerB: { n: 4 } })),
    ...preflightJob(partnerB, undefined, { ...acme({ partnerB: { size: 'big' } }), name: '' })
  ]
}

/** The catalog's keys of a rule: the rule itself, or its plural forms. */
const ruleKeys = (rules: Record<string, string>, rule: string): string[] =>
  Object.keys(rules).filter((key) => [rule, `${rule}_one`, `${rule}_other`].includes(key))

describe('pre-flight issues in the reader’s language (issue 16)', () => {
  it('every rule code the checks have has words in English and in Simplified Chinese', () => {
    const missing = PREFLIGHT_RULES.flatMap((rule) => [
      ...(ruleKeys(en.errors.preflight.rules, rule).length > 0 ? [] : [`en: ${rule}`]),
      ...(ruleKeys(zhCN.errors.preflight.rules, rule).length > 0 ? [] : [`zh-CN: ${rule}`])
    ])
    expect(missing).toEqual([])
    // And no words for a rule that no longer exists.
    const known = new Set(PREFLIGHT_RULES.flatMap((rule) => ruleKeys(en.errors.preflight.rules, rule)))
    const stale = Object.keys(en.errors.preflight.rules).filter((key) => !known.has(key))
    expect(stale).toEqual([])
  })

  it('says every issue in English exactly as the shared checks word it', () => {
    const issues = everyIssue()
    expect(new Set(issues.map((issue) => issue.rule))).toEqual(new Set(PREFLIGHT_RULES))
    for (const issue of issues) expect(issueWords(english, issue)).toBe(issue.message)
  })

  it('says every issue in Chinese, keeping field names, values and model ids as they are', () => {
    for (const issue of everyIssue()) {
      const words = issueWords(chinese, issue)
      expect(words, issue.message).not.toBe(issue.message)
      expect(words, issue.message).toMatch(/[\u4e00-\u9fff]/)
      expect(words, issue.message).toContain(issue.about.field)
      if (issue.about.value?.kind === 'text') expect(words).toContain(issue.about.value.text)
    }
  })

  it('words a rule, its values and its bracket the way a Chinese-reading designer reads them', () => {
    const [transparent] = preflightImagesV3({ ...base, background: 'transparent', output_format: 'jpeg' })
    expect(issueWords(chinese, transparent!)).toBe('透明背景需要 PNG 或 WebP 格式（output_format：jpeg）。')
    const [resolution] = preflightImagesV2({ ...base, resolution: '8K' })
    expect(issueWords(chinese, resolution!)).toBe('请选择 1K、2K 或 4K（resolution：8K）。')
    const [empty] = preflightImagesV2({ ...base, size: '' })
    expect(issueWords(chinese, empty!)).toBe('请使用画面比例，例如 1:1 或 16:9（size：空）。')
    const [mismatch] = checkModelEndpoint(
      { id: 'seedream', supported_endpoints: ['/partner-a/v3/images/generations', '/v1/images/edits'] },
      'imagesV3'
    )
    expect(issueWords(chinese, mismatch!)).toBe(
      '请选择“同步出图”提供的模型：“seedream”只在流式组图和图片编辑上可用（model）。'
    )
  })

  it('says where in Settings a gateway profile’s extra field is, naming the demo in Chinese', () => {
    const [refused] = preflightJob(v2, undefined, acme({ imagesV2: { n: 2 } }))
    expect(issueWords(chinese, refused!)).toBe(
      '此接口不接受 `n`：请在“设置 › 网关 › Acme › 额外 JSON 字段”中将它从此网关的额外 JSON 字段里移除。'
    )
    const [count] = preflightJob(partnerB, undefined, {
      ...acme({ partnerB: { n: 4 } }),
      name: 'Demo gateway'
    })
    const demo = (name: string): string => (name === 'Demo gateway' ? '演示网关' : name)
    expect(issueWords(chinese, count!, { profileName: demo })).toBe(
      '每次请求只能生成 1 张图片（count：4），该值来自此网关额外 JSON 字段中的 `n`：请在“设置 › 网关 › 演示网关 › 额外 JSON 字段”中修改或移除。'
    )
  })

  it('names a field as the caller does, and keeps the English of an issue it cannot word', () => {
    const [n] = preflightImagesV3({ ...base, n: 12 })
    expect(issueWords(chinese, n!, { fieldName: () => '图片数量' })).toBe(
      '请填写 1 到 10 之间的整数（图片数量：12）。'
    )
    const old = { message: 'Use a whole number from 1 to 10 (n: 12).' }
    expect(issueWords(chinese, old)).toBe(old.message)
    const unknown = { ...n!, rule: 'a_rule_from_a_newer_backend' }
    expect(issueWords(chinese, unknown)).toBe(n!.message)
  })
})
