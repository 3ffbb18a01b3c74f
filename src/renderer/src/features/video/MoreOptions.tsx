import type { ReactElement } from 'react'
import { Trans, useTranslation } from 'react-i18next'
import { Field } from '../../ui/Field'
import { FirstFramePicker } from './FirstFramePicker'
import { RATIOS, RESOLUTIONS, type TriState, type VideoDraft } from './form'
import { useVideoStore } from './store'

const triLabels = {
  default: 'video.form.gatewayDefault',
  on: 'video.more.on',
  off: 'video.more.off'
} as const satisfies Record<TriState, string>
const code = { code: <code /> }

/**
 * The fields most video gateways take under the same names but none requires, folded away; the form opens
 * it when an issue hides inside.
 */
export function MoreOptions({
  draft,
  shown
}: {
  draft: VideoDraft
  /** The issue of a field once it should show (after a try, a blur or an edit), as the form decides. */
  shown: (field: string, dirty: boolean) => string | undefined
}): ReactElement {
  const { t } = useTranslation()
  const moreOpen = useVideoStore((state) => state.moreOpen)
  const { edit, setMoreOpen } = useVideoStore.getState()
  const set =
    (key: keyof VideoDraft) =>
    (event: { target: { value: string } }): void =>
      edit({ [key]: event.target.value })
  return (
    <details className="vid-more" open={moreOpen} onToggle={(event) => setMoreOpen(event.currentTarget.open)}>
      <summary>{t('video.more.title')}</summary>
      <p className="vid-hint">
        <Trans i18nKey="video.more.intro" components={code} />
      </p>
      <div className="vid-grid">
        <Field label={t('video.more.resolution')}>
          {(props) => (
            <select {...props} value={draft.resolution} onChange={set('resolution')}>
              <option value="">{t('video.form.gatewayDefault')}</option>
              {RESOLUTIONS.map((value) => (
                <option key={value}>{value}</option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t('video.more.ratio')}>
          {(props) => (
            <select {...props} value={draft.ratio} onChange={set('ratio')}>
              <option value="">{t('video.form.gatewayDefault')}</option>
              {RATIOS.map((value) => (
                <option key={value} value={value}>
                  {value === 'adaptive' ? t('video.more.adaptive') : value}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t('video.more.seed')} error={shown('seed', draft.seed !== '')}>
          {(props) => (
            <input
              {...props}
              type="number"
              step={1}
              placeholder={t('video.more.random')}
              value={draft.seed}
              onChange={set('seed')}
            />
          )}
        </Field>
        <Field label={t('video.more.watermark')}>
          {(props) => (
            <select {...props} value={draft.watermark} onChange={set('watermark')}>
              {(Object.keys(triLabels) as TriState[]).map((value) => (
                <option key={value} value={value}>
                  {t(triLabels[value])}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t('video.more.audio')}>
          {(props) => (
            <select {...props} value={draft.audio} onChange={set('audio')}>
              <option value="default">{t('video.form.gatewayDefault')}</option>
              <option value="on">{t('video.more.withSound')}</option>
              <option value="off">{t('video.more.silent')}</option>
            </select>
          )}
        </Field>
      </div>
      <FirstFramePicker
        value={draft.firstFrame}
        onChange={(firstFrame) => edit({ firstFrame })}
        error={shown('firstFrame', draft.firstFrame.type === 'url' && draft.firstFrame.url !== '')}
      />
      <Field
        label={t('video.more.otherFields')}
        error={shown('extra', draft.extraJson.trim() !== '')}
        hint={<Trans i18nKey="video.more.otherFieldsHint" components={code} />}
      >
        {(props) => (
          <textarea
            {...props}
            rows={3}
            spellCheck={false}
            value={draft.extraJson}
            placeholder="{}"
            onChange={set('extraJson')}
          />
        )}
      </Field>
    </details>
  )
}
