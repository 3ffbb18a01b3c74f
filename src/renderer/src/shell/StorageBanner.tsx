import type { ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import { useAppStore } from '../store/app'

const SENTENCE = { full: 'diskFull', readOnly: 'diskReadOnly', io: 'diskFailing' } as const

/**
 * The disk under the data folder is full, read-only or failing (RELIABILITY P47): said once, here, for
 * as long as it lasts, instead of on every job it holds up. The backend clears it once the disk takes
 * writes again, and the held-up downloads go on by themselves.
 */
export function StorageBanner(): ReactElement | null {
  const { t } = useTranslation()
  const storage = useAppStore((state) => state.storage)
  if (!storage) return null
  return (
    <div className="storage-banner" role="alert">
      <p className="link-title">{t(`storage.${storage.fault}`)}</p>
      <p>{t(`errors.backend.${SENTENCE[storage.fault]}`, { path: storage.path })}</p>
    </div>
  )
}
