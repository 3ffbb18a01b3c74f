import type { SafeStorage } from 'electron'
import { say } from '../../shared/sentences'
import type { SecretCipher } from '../secrets/cipher'

/**
 * API keys under the OS keychain through safeStorage's async API (the sync pair is deprecated in 45).
 * On Linux without a keyring Electron silently falls back to `basic_text`, a hard-coded password: that is
 * reported as weak so the UI asks before storing a key (RELIABILITY P12).
 */
export function createSafeStorageCipher(safeStorage: SafeStorage, platform: NodeJS.Platform): SecretCipher {
  const backend = platform === 'linux' ? safeStorage.getSelectedStorageBackend() : 'os'
  const weak = backend === 'basic_text' || backend === 'unknown'
  return {
    protection: weak ? 'weak' : 'os',
    description: weak ? say('keysNoKeyring') : say('keysKeychain', { backend }),
    encrypt: (plain) => safeStorage.encryptStringAsync(plain),
    decrypt: async (cipher) => (await safeStorage.decryptStringAsync(cipher)).result
  }
}
