import { z } from 'zod'
import { ENDPOINT_PATHS, ENDPOINTS } from './endpoints'

const endpointSchema = z.enum(ENDPOINT_PATHS as [string, ...string[]])

const modelSchema = z.strictObject({
  id: z.string().min(1),
  owned_by: z.string().min(1),
  supported_endpoints: z.array(endpointSchema).min(1),
  billing_unit: z.enum(['token', 'image']),
  /** Credits per image (`image`) or per 1,000 tokens (`token`). */
  price: z.number().nonnegative(),
  /** Credits per input (reference) image on partner-a, billed separately from outputs. */
  inputImagePrice: z.number().nonnegative().default(0),
  /** `false` makes every call to the model answer 503. */
  available: z.boolean().default(true),
  /** partner-a only: whether `stream: true` is accepted. */
  streaming: z.boolean().default(false),
  /** v2 reference-image limit for this model. */
  maxReferenceImages: z.number().int().positive().default(8)
})

const modelListSchema = z.union([z.literal('*'), z.array(z.string().min(1))])

/** Requests per minute a key may make; shared with the control route, so both refuse the same values. */
export const perMinuteSchema = z.number().int().positive()
/** Billed requests a key may make in all. */
export const quotaSchema = z.number().int().nonnegative()

const keySchema = z.strictObject({
  key: z.string().min(8),
  tenant: z.string().min(1),
  /** `ordinary`, `noPermission`, `noBalance`, `otherTenant`, or any label of your own. */
  role: z.string().min(1),
  models: modelListSchema,
  balance: z.number().nonnegative(),
  /** Absent: unlimited. Over it, 429 `rate_limit_exceeded` with `Retry-After`. */
  requestsPerMinute: perMinuteSchema.optional(),
  /** Absent: unlimited. Once used up, billed requests answer 429 `insufficient_quota`. */
  quota: quotaSchema.optional()
})

const tenantSchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9][a-z0-9-]*$/, 'tenant ids are lowercase letters, digits and dashes'),
  models: modelListSchema.default('*')
})

export const configSchema = z
  .strictObject({
    tenants: z.array(tenantSchema).min(1),
    models: z.array(modelSchema).min(1),
    keys: z.array(keySchema)
  })
  .superRefine((config, ctx) => {
    const modelIds = new Set(config.models.map((m) => m.id))
    const tenantIds = new Set(config.tenants.map((t) => t.id))
    const flag = (path: (string | number)[], message: string): void => {
      ctx.addIssue({ code: 'custom', path, message })
    }
    if (modelIds.size !== config.models.length) flag(['models'], 'model ids must be unique')
    if (tenantIds.size !== config.tenants.length) flag(['tenants'], 'tenant ids must be unique')
    if (new Set(config.keys.map((k) => k.key)).size !== config.keys.length)
      flag(['keys'], 'keys must be unique')
    const checkModels = (list: '*' | string[], path: (string | number)[]): void => {
      if (list === '*') return
      list.forEach((id, i) => {
        if (!modelIds.has(id)) flag([...path, i], `unknown model "${id}"`)
      })
    }
    config.tenants.forEach((t, i) => checkModels(t.models, ['tenants', i, 'models']))
    config.keys.forEach((k, i) => {
      if (!tenantIds.has(k.tenant)) flag(['keys', i, 'tenant'], `unknown tenant "${k.tenant}"`)
      checkModels(k.models, ['keys', i, 'models'])
    })
  })

/** What a config file or `options.config` may contain (defaults filled in on parse). */
export type EmulatorConfigInput = z.input<typeof configSchema>
export type EmulatorConfig = z.output<typeof configSchema>
export type ModelConfig = EmulatorConfig['models'][number]
export type KeyConfig = EmulatorConfig['keys'][number]
export type TenantConfig = EmulatorConfig['tenants'][number]

export function parseConfig(input: unknown): EmulatorConfig {
  return configSchema.parse(input)
}

const {
  chat,
  messages,
  responses,
  imagesCompat,
  imageEdits,
  imagesV3,
  imagesV2,
  partnerA,
  partnerB,
  videos
} = ENDPOINTS

/** Models covering every endpoint, and one key per error case; documented in README.md. */
export function defaultConfig(): EmulatorConfig {
  return parseConfig({
    tenants: [{ id: 'acme' }, { id: 'globex' }],
    models: [
      {
        id: 'studio-chat',
        owned_by: 'studio',
        supported_endpoints: [chat, responses],
        billing_unit: 'token',
        price: 1
      },
      {
        id: 'studio-messages',
        owned_by: 'studio',
        supported_endpoints: [messages],
        billing_unit: 'token',
        price: 1
      },
      {
        id: 'studio-responses',
        owned_by: 'studio',
        supported_endpoints: [responses],
        billing_unit: 'token',
        price: 1
      },
      {
        id: 'studio-image-compat',
        owned_by: 'studio',
        supported_endpoints: [imagesCompat, imageEdits],
        billing_unit: 'token',
        price: 2
      },
      {
        id: 'studio-image-v3',
        owned_by: 'studio',
        supported_endpoints: [imagesV3, imageEdits],
        billing_unit: 'image',
        price: 10
      },
      {
        id: 'studio-image-async',
        owned_by: 'studio',
        supported_endpoints: [imagesV2],
        billing_unit: 'image',
        price: 10
      },
      {
        id: 'seedream-stream',
        owned_by: 'volcengine',
        supported_endpoints: [partnerA],
        billing_unit: 'image',
        price: 10,
        inputImagePrice: 1,
        streaming: true
      },
      {
        id: 'seedream-basic',
        owned_by: 'volcengine',
        supported_endpoints: [partnerA],
        billing_unit: 'image',
        price: 8,
        inputImagePrice: 1
      },
      {
        id: 'wan-image',
        owned_by: 'alibaba',
        supported_endpoints: [partnerB],
        billing_unit: 'image',
        price: 12
      },
      {
        id: 'seedance-video',
        owned_by: 'volcengine',
        supported_endpoints: [videos],
        billing_unit: 'token',
        price: 0.5
      },
      {
        id: 'studio-offline',
        owned_by: 'studio',
        supported_endpoints: [chat],
        billing_unit: 'token',
        price: 1,
        available: false
      }
    ],
    keys: [
      { key: 'sk-emu-acme-ordinary-0001', tenant: 'acme', role: 'ordinary', models: '*', balance: 1_000_000 },
      {
        key: 'sk-emu-acme-limited-0002',
        tenant: 'acme',
        role: 'noPermission',
        models: [
          'studio-chat',
          'studio-messages',
          'studio-responses',
          'studio-image-compat',
          'studio-image-async',
          'seedream-basic',
          'wan-image',
          'seedance-video'
        ],
        balance: 1_000_000
      },
      { key: 'sk-emu-acme-broke-0003', tenant: 'acme', role: 'noBalance', models: '*', balance: 0 },
      {
        key: 'sk-emu-globex-ordinary-0004',
        tenant: 'globex',
        role: 'otherTenant',
        models: '*',
        balance: 1_000_000
      }
    ]
  })
}
