import type { Db } from '../db/connection'
import type { SecretCipher } from './cipher'

export interface KeyStatus {
  hasKey: boolean
  last4: string | null
}

/**
 * API keys per profile: ciphertext in the database, plaintext only inside this module and only on the way
 * into an `Authorization` header. Nothing here logs, and nothing returns the key except `authorization()`.
 */
export class ApiKeyStore {
  private readonly cache = new Map<string, string>()

  constructor(
    private readonly db: Db,
    private readonly cipher: SecretCipher,
    private readonly now: () => number = Date.now
  ) {}

  get protection(): { protection: 'os' | 'weak'; description: string } {
    return { protection: this.cipher.protection, description: this.cipher.description }
  }

  async set(profileId: string, apiKey: string): Promise<KeyStatus> {
    const ciphertext = await this.cipher.encrypt(apiKey)
    const last4 = apiKey.slice(-4)
    this.db
      .prepare(
        `INSERT INTO profile_keys (profile_id, ciphertext, last4, protection, updated_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT(profile_id) DO UPDATE SET ciphertext = excluded.ciphertext, last4 = excluded.last4,
           protection = excluded.protection, updated_at = excluded.updated_at`
      )
      .run(profileId, ciphertext, last4, this.cipher.protection, this.now())
    this.cache.set(profileId, apiKey)
    return { hasKey: true, last4 }
  }

  clear(profileId: string): void {
    this.db.prepare('DELETE FROM profile_keys WHERE profile_id = ?').run(profileId)
    this.cache.delete(profileId)
  }

  forget(profileId: string): void {
    this.cache.delete(profileId)
  }

  status(profileId: string): KeyStatus {
    const row = this.db.prepare('SELECT last4 FROM profile_keys WHERE profile_id = ?').get(profileId) as
      { last4: string } | undefined
    return row ? { hasKey: true, last4: row.last4 } : { hasKey: false, last4: null }
  }

  /** `Bearer <key>` for the request being built, or null when the profile has no key (the gateway says 401). */
  async authorization(profileId: string): Promise<string | null> {
    const cached = this.cache.get(profileId)
    if (cached) return `Bearer ${cached}`
    const row = this.db.prepare('SELECT ciphertext FROM profile_keys WHERE profile_id = ?').get(profileId) as
      { ciphertext: Buffer } | undefined
    if (!row) return null
    const apiKey = await this.cipher.decrypt(row.ciphertext)
    this.cache.set(profileId, apiKey)
    return `Bearer ${apiKey}`
  }
}
