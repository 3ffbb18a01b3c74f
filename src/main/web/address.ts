import { randomBytes } from 'node:crypto'
import { chmodSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { z } from 'zod'
import { STORED_LIMITS, parseJson } from '../../shared/json'

const ADDRESS_FILE = 'web-host.json'

const Saved = z.object({
  port: z.number().int().min(1).max(65535).nullable(),
  token: z.string().regex(/^[A-Za-z0-9_-]{32,}$/)
})

export interface HostAddress {
  /** The port this data folder was last served on, tried first so an open tab finds the host again. */
  port: number | null
  token: string
}

/**
 * The web host's address for a data folder: the port it last listened on and the token in its URL, kept
 * in a 0600 file next to `secret.key`. A restarted host answers the address an open tab already has, so
 * the tab reconnects by itself. The token keeps other web pages from driving the contract;
 * whoever can read this folder can already read `secret.key`. `fresh` makes a new token, which turns
 * away every tab that holds the old one.
 */
export function loadHostAddress(dataDir: string, fresh = false): HostAddress {
  if (!fresh) {
    try {
      const saved = Saved.safeParse(
        parseJson(readFileSync(join(dataDir, ADDRESS_FILE), 'utf8'), STORED_LIMITS)
      )
      if (saved.success) return saved.data
    } catch {
      // No file yet, or one we cannot read: start with a new token.
    }
  }
  return { port: null, token: randomBytes(32).toString('base64url') }
}

export function saveHostAddress(dataDir: string, address: HostAddress): void {
  const file = join(dataDir, ADDRESS_FILE)
  writeFileSync(file, JSON.stringify(address), { mode: 0o600 })
  chmodSync(file, 0o600)
}
