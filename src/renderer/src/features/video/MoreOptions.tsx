/* eslint-disable i18n/no-literal-text -- not yet translated (issue 16) */
import type { ReactElement } from 'react'
import { Field } from './Field'
import { FirstFramePicker } from './FirstFramePicker'
import { RATIOS, RESOLUTIONS, type TriState, type VideoDraft } from './form'
import { useVideoStore } from './store'

const triLabels: Record<TriState, string> = { default: 'Gateway default', on: 'On', off: 'Off' }

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
  const moreOpen = useVideoStore((state) => state.moreOpen)
  const { edit, setMoreOpen } = useVideoStore.getState()
  const set =
    (key: keyof VideoDraft) =>
    (event: { target: { value: string } }): void =>
      edit({ [key]: event.target.value })
  return (
    <details className="vid-more" open={moreOpen} onToggle={(event) => setMoreOpen(event.currentTarget.open)}>
      <summary>More options</summary>
      <p className="vid-hint">
        Sent as extra fields with the names most video gateways use (resolution, ratio, seed, watermark,
        generate_audio, image). Leave a field on “Gateway default” to not send it.
      </p>
      <div className="vid-grid">
        <Field label="Resolution">
          {(props) => (
            <select {...props} value={draft.resolution} onChange={set('resolution')}>
              <option value="">Gateway default</option>
              {RESOLUTIONS.map((value) => (
                <option key={value}>{value}</option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Ratio">
          {(props) => (
            <select {...props} value={draft.ratio} onChange={set('ratio')}>
              <option value="">Gateway default</option>
              {RATIOS.map((value) => (
                <option key={value}>{value}</option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Seed" error={shown('seed', draft.seed !== '')}>
          {(props) => (
            <input
              {...props}
              type="number"
              step={1}
              placeholder="Random"
              value={draft.seed}
              onChange={set('seed')}
            />
          )}
        </Field>
        <Field label="Watermark">
          {(props) => (
            <select {...props} value={draft.watermark} onChange={set('watermark')}>
              {(Object.keys(triLabels) as TriState[]).map((value) => (
                <option key={value} value={value}>
                  {triLabels[value]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Audio">
          {(props) => (
            <select {...props} value={draft.audio} onChange={set('audio')}>
              <option value="default">Gateway default</option>
              <option value="on">With sound</option>
              <option value="off">Silent</option>
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
        label="Other fields (JSON)"
        error={shown('extra', draft.extraJson.trim() !== '')}
        hint='For anything else your gateway takes, e.g. {"camera_fixed": true}.'
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
