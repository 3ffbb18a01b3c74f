import type { ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import { ErrorNotice } from '../../../ui/ErrorNotice'
import { ProgressBar } from '../../../ui/ProgressBar'
import { useImportsStore } from './store'

/** Files picked, dropped or pasted on their way in ("Importing 3 of 12…"), or why the last run stopped. */
export function ImportStatus(): ReactElement | null {
  const { t } = useTranslation()
  const files = useImportsStore((s) => s.files)
  const error = useImportsStore((s) => s.filesError)
  if (files) {
    const line = t('gallery.imports.importing', { n: files.at, total: files.total })
    return (
      <div className="notice gallery-notice import-status" role="status">
        <p>{line}</p>
        <ProgressBar
          progress={{ type: 'determinate', value: files.done / files.total, label: line }}
          label={t('gallery.imports.importingLabel')}
        />
      </div>
    )
  }
  return error ? <ErrorNotice error={error} /> : null
}
