import type { EmulatorConfig, KeyConfig, ModelConfig, TenantConfig } from './config'
import type { EndpointPath } from './endpoints'
import { GatewayError, invalid } from './errors'
import { RateLimiter } from './rate-limit'

export interface ModelEntry {
  id: string
  object: 'model'
  owned_by: string
  supported_endpoints: string[]
  billing_unit: 'token' | 'image'
}

const allows = (list: '*' | string[], id: string): boolean => list === '*' || list.includes(id)

/**
 * Tenants, keys, model visibility, balances, rate limits and quotas: everything that depends on who is
 * calling.
 */
export class Accounts {
  private readonly balances = new Map<string, number>()
  /** Billed requests each key has left; keys without a quota are absent. */
  private readonly quotas = new Map<string, number>()
  private readonly limiter: RateLimiter

  constructor(
    readonly config: EmulatorConfig,
    clock: { now(): number }
  ) {
    this.limiter = new RateLimiter(() => clock.now())
    for (const k of config.keys) {
      this.balances.set(k.key, k.balance)
      if (k.requestsPerMinute !== undefined) this.limiter.set(k.key, k.requestsPerMinute)
      if (k.quota !== undefined) this.quotas.set(k.key, k.quota)
    }
  }

  tenant(id: string): TenantConfig | undefined {
    return this.config.tenants.find((t) => t.id === id)
  }

  /** 401 unless `authorization` carries a bearer key that belongs to `tenant`. */
  authenticate(authorization: string | undefined, tenant: string): KeyConfig {
    if (!authorization) {
      throw new GatewayError(401, 'authentication_error', 'missing_api_key', 'Missing Authorization header')
    }
    const match = /^Bearer +(\S+)\s*$/i.exec(authorization)
    if (!match) {
      throw new GatewayError(
        401,
        'authentication_error',
        'invalid_authorization_scheme',
        'Authorization must be "Bearer <API_KEY>"'
      )
    }
    const key = this.config.keys.find((k) => k.key === match[1])
    if (!key || key.tenant !== tenant) {
      throw new GatewayError(
        401,
        'authentication_error',
        'invalid_api_key',
        'Invalid API key for this tenant'
      )
    }
    return key
  }

  listModels(key: KeyConfig): ModelEntry[] {
    return this.visibleModels(key).map((m) => ({
      id: m.id,
      object: 'model',
      owned_by: m.owned_by,
      supported_endpoints: [...m.supported_endpoints],
      billing_unit: m.billing_unit
    }))
  }

  /** The checks every model call goes through, in the order a gateway applies them. */
  resolveModel(key: KeyConfig, modelId: unknown, endpoint: EndpointPath): ModelConfig {
    if (typeof modelId !== 'string' || modelId === '') {
      throw invalid('"model" is required and must be a non-empty string', 'missing_required_parameter')
    }
    const tenant = this.tenant(key.tenant)
    const model = this.config.models.find((m) => m.id === modelId)
    if (!model || !tenant || !allows(tenant.models, modelId)) {
      throw new GatewayError(403, 'permission_error', 'model_not_found', `Model "${modelId}" is not visible`)
    }
    if (!allows(key.models, modelId)) {
      throw new GatewayError(
        403,
        'permission_error',
        'model_not_permitted',
        `This API key has no permission for model "${modelId}"`
      )
    }
    if (!model.supported_endpoints.includes(endpoint)) {
      throw invalid(
        `Model "${modelId}" does not support ${endpoint}; it supports ${model.supported_endpoints.join(', ')}`,
        'model_endpoint_mismatch'
      )
    }
    if (!model.available) {
      throw new GatewayError(
        503,
        'service_unavailable',
        'model_endpoint_unavailable',
        `Model "${modelId}" on ${endpoint} is currently unavailable`
      )
    }
    return model
  }

  balance(key: string): number {
    return this.balances.get(key) ?? 0
  }

  setBalance(key: string, balance: number): void {
    this.mustKnow(key)
    this.balances.set(key, balance)
  }

  /** Requests per minute allowed to `key`, or null when unlimited. */
  rateLimit(key: string): number | null {
    return this.limiter.limit(key)
  }

  setRateLimit(key: string, perMinute: number | null): void {
    this.mustKnow(key)
    this.limiter.set(key, perMinute)
  }

  /** Counts one authenticated request against the key's rate limit, or answers 429 `rate_limit_exceeded`. */
  admit(key: KeyConfig): void {
    this.limiter.admit(key.key)
  }

  /** Billed requests `key` has left, or null when it has no quota. */
  quota(key: string): number | null {
    return this.quotas.get(key) ?? null
  }

  setQuota(key: string, quota: number | null): void {
    this.mustKnow(key)
    if (quota === null) {
      this.quotas.delete(key)
      return
    }
    if (!Number.isSafeInteger(quota) || quota < 0) {
      throw new Error('a quota is a non-negative whole number of billed requests, or null')
    }
    this.quotas.set(key, quota)
  }

  /**
   * Deducts `cost` credits and one request of the quota, or refuses without touching either: 429
   * `insufficient_quota` when the quota is used up (checked first, since no balance would help), 402 when the
   * balance is short.
   */
  charge(key: KeyConfig, cost: number): void {
    const left = this.quotas.get(key.key)
    if (left !== undefined && left <= 0) {
      // Unlike a rate limit this does not pass with time, so no Retry-After invites a client to wait for it.
      throw new GatewayError(
        429,
        'insufficient_quota',
        'insufficient_quota',
        'You exceeded your current quota: this API key has no billed requests left, ' +
          'and waiting will not restore them.'
      )
    }
    const balance = this.balance(key.key)
    if (cost > 0 && balance < cost) {
      throw new GatewayError(
        402,
        'insufficient_quota',
        'insufficient_quota',
        `Insufficient balance: this request costs ${round(cost)} credits, the balance is ${round(balance)}`
      )
    }
    this.balances.set(key.key, balance - cost)
    if (left !== undefined) this.quotas.set(key.key, left - 1)
  }

  firstKeyWithRole(role: string): string {
    return this.config.keys.find((k) => k.role === role)?.key ?? ''
  }

  private mustKnow(key: string): void {
    // The length only: the message may end up in a log, and a key must not.
    if (!this.balances.has(key)) throw new Error(`unknown key (${key.length} chars)`)
  }

  private visibleModels(key: KeyConfig): ModelConfig[] {
    const tenant = this.tenant(key.tenant)
    if (!tenant) return []
    return this.config.models.filter((m) => allows(tenant.models, m.id) && allows(key.models, m.id))
  }
}

const round = (n: number): number => Math.round(n * 1000) / 1000

/** Credits for a call, from the model's billing unit. */
export function costOf(
  model: ModelConfig,
  usage: { images?: number; tokens?: number; inputImages?: number }
): number {
  if (model.billing_unit === 'image') {
    return (usage.images ?? 0) * model.price + (usage.inputImages ?? 0) * model.inputImagePrice
  }
  return ((usage.tokens ?? 0) / 1000) * model.price
}
