import { readJson, STORED_LIMITS } from '../../shared/json'
import { z } from 'zod'
import { LocationCredentials } from '../../shared/schemas/locations'
import type { Db } from '../db/connection'
import type { SecretCipher } from './cipher'

/** Credentials sealed for storage, with what may be shown of them. */
export interface SealedCredentials {
  ciphertext: Buffer
  hint: string
}

const Row = z.object({ ciphertext: z.instanceof(Buffer), hint: z.string(), origin: z.string() })

/**
 * The credentials of team locations (RELIABILITY P43), kept exactly as API keys are (`apiKeys.ts`): sealed
 * by the shell's cipher, bound to the origin they were entered for, handed out only for that origin, and
 * never returned to the renderer (a view gets the hint: an access key's last 4 characters, a user name).
 * Nothing here logs.
 */
export class LocationSecrets {
  constructor(
    private readonly db: Db,
    private readonly cipher: SecretCipher,
    private readonly now: () => number
  ) {}

  /** Encrypts before the transaction that stores it (a keychain may take a while, or ask). */
  async seal(credentials: LocationCredentials): Promise<SealedCredentials> {
    const ciphertext = await this.cipher.encrypt(JSON.stringify(credentials))
    const hint = credentials.kind === 's3' ? `…${credentials.accessKeyId.slice(-4)}` : credentials.username
    return { ciphertext, hint }
  }

  /**
   * Inside the location's save: new credentials replace the old for `origin`; with none given, the old are
   * kept only while the address stays on the origin they were entered for (a location has none: null).
   */
  store(locationId: string, sealed: SealedCredentials | null, origin: string | null): void {
    if (sealed && origin !== null) {
      this.db
        .prepare(
          `INSERT INTO location_secrets (location_id, ciphertext, hint, origin, updated_at) VALUES (?, ?, ?, ?, ?)
           ON CONFLICT(location_id) DO UPDATE SET ciphertext = excluded.ciphertext, hint = excluded.hint,
             origin = excluded.origin, updated_at = excluded.updated_at`
        )
        .run(locationId, sealed.ciphertext, sealed.hint, origin, this.now())
    } else {
      this.db
        .prepare('DELETE FROM location_secrets WHERE location_id = ? AND origin IS NOT ?')
        .run(locationId, origin)
    }
  }

  /** The hint of the credentials bound to `origin`, or null when there are none for it. */
  hint(locationId: string, origin: string | null): string | null {
    const row = this.row(locationId)
    return row && origin !== null && row.origin === origin ? row.hint : null
  }

  /** The credentials for a request to `origin`; null when none are stored for that origin. */
  async open(locationId: string, origin: string | null): Promise<LocationCredentials | null> {
    const row = this.row(locationId)
    if (!row || origin === null || row.origin !== origin) return null
    const parsed = LocationCredentials.safeParse(parseJson(await this.cipher.decrypt(row.ciphertext)))
    return parsed.success ? parsed.data : null
  }

  private row(locationId: string): z.infer<typeof Row> | null {
    const row = Row.safeParse(
      this.db
        .prepare('SELECT ciphertext, hint, origin FROM location_secrets WHERE location_id = ?')
        .get(locationId)
    )
    return row.success ? row.data : null
  }
}

function parseJson(text: string): unknown {
  const reading = readJson(text, STORED_LIMITS)
  return reading.ok ? reading.value : undefined
}
