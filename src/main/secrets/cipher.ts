import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { say, type Said } from '../../shared/sentences'

/**
 * How a shell protects API keys at rest. The backend stores only what `encrypt` returns, so the
 * plaintext key exists in memory while a request is built and nowhere else.
 * - `os`: Electron safeStorage backed by the OS keychain.
 * - `weak`: a fallback that only keeps keys out of plain sight (Linux `basic_text`, the web host's key file);
 *   the UI asks before storing under it (RELIABILITY P12).
 */
export interface SecretCipher {
  readonly protection: 'os' | 'weak'
  /** How keys are kept, as a sentence the renderer words (shown when asking before a weak store). */
  readonly description: Said
  encrypt(plain: string): Promise<Buffer>
  decrypt(cipher: Buffer): Promise<string>
}

const KEY_FILE = 'secret.key'

/**
 * The web host has no OS keychain. It encrypts with AES-256-GCM under a random key kept in a 0600 file in
 * the data directory: the database alone (a backup, a shared export) does not reveal API keys, but anyone
 * who can read the whole data directory as this user can. The file is read (or made) on first use, never
 * before the backend has locked and checked the data folder (P45, P46).
 */
export function createKeyFileCipher(dataDir: string): SecretCipher {
  const keyPath = join(dataDir, KEY_FILE)
  let loaded: Buffer | null = null
  const keyOf = (): Buffer => {
    if (loaded) return loaded
    if (existsSync(keyPath)) {
      const key = readFileSync(keyPath)
      if (key.length !== 32)
        throw new Error(`${keyPath} is damaged (expected 32 bytes); remove it and re-enter API keys`)
      chmodSync(keyPath, 0o600)
      loaded = key
    } else {
      const key = randomBytes(32)
      writeFileSync(keyPath, key, { mode: 0o600, flag: 'wx' })
      chmodSync(keyPath, 0o600)
      loaded = key
    }
    return loaded
  }
  return {
    protection: 'weak',
    description: say('keysKeyFile'),
    encrypt: (plain) =>
      Promise.resolve().then(() => {
        const iv = randomBytes(12)
        const cipher = createCipheriv('aes-256-gcm', keyOf(), iv)
        const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
        return Buffer.concat([iv, cipher.getAuthTag(), body])
      }),
    decrypt: (blob) =>
      Promise.resolve().then(() => {
        const iv = blob.subarray(0, 12)
        const tag = blob.subarray(12, 28)
        const decipher = createDecipheriv('aes-256-gcm', keyOf(), iv)
        decipher.setAuthTag(tag)
        return Buffer.concat([decipher.update(blob.subarray(28)), decipher.final()]).toString('utf8')
      })
  }
}
