/* eslint-disable i18n/no-literal-text -- not yet translated (issue 16) */
import type { ReactElement } from 'react'
import type { TierOrSizeSpec } from '@shared/gateway/endpoints/form'
import { pixelFacts } from '../form'
import type { ControlProps } from './EndpointFields'
import { Field, FieldMessage, useControl } from './Field'

/** The fields that need their own widget: the extra JSON fields, and a size as a tier or W × H. */

export function ExtraFields({
  value,
  set
}: Pick<ControlProps<unknown>, 'set'> & { value: string }): ReactElement {
  const control = useControl('extra', 'images-extra')
  return (
    <details className="extra-fields" open={value.trim() !== '' || undefined}>
      <summary>Extra JSON fields</summary>
      <div className="field">
        <textarea
          {...control}
          aria-label="Extra JSON fields"
          rows={3}
          value={value}
          placeholder={'{"field": "value"}'}
          spellCheck={false}
          onChange={(event) => set({ extra: event.target.value }, 'extra')}
        />
        <FieldMessage field="extra" id="images-extra" />
        <p className="field-hint">Sent with the request as they are; they never override the fields above.</p>
      </div>
    </details>
  )
}

const textOf = (value: unknown): string => (typeof value === 'string' ? value : '')

/** Live pixel and ratio facts of a W × H against the endpoint's limits. */
function PixelFacts({ spec, width, height }: { spec: TierOrSizeSpec; width: string; height: string }) {
  const facts = pixelFacts(width, height)
  if (!facts) return null
  const pixelsOk = facts.pixels >= spec.minPixels && facts.pixels <= spec.maxPixels
  const [w, h] = [Number(width), Number(height)]
  const ratioOk = Math.max(w, h) <= spec.maxAspect * Math.min(w, h)
  return (
    <p className="pixel-facts" aria-live="polite">
      <span className={pixelsOk ? 'ok' : 'bad'}>
        {facts.pixels.toLocaleString()} pixels {pixelsOk ? '✓' : '✗'}
      </span>
      <span className="muted">
        {' '}
        ({Math.sqrt(spec.minPixels)}² to {Math.sqrt(spec.maxPixels)}²)
      </span>
      <span aria-hidden="true"> · </span>
      <span className={ratioOk ? 'ok' : 'bad'}>
        ratio {facts.ratio} {ratioOk ? '✓' : '✗'}
      </span>
      <span className="muted">
        {' '}
        (1:{spec.maxAspect} to {spec.maxAspect}:1)
      </span>
    </p>
  )
}

/** A size as one of the tiers or as width × height, the pixel facts shown as one types. */
export function TierOrSize({
  spec,
  values,
  set,
  hasReferences
}: ControlProps<TierOrSizeSpec> & { hasReferences: boolean }): ReactElement {
  const widthControl = useControl(spec.key, 'images-width')
  const heightControl = useControl(spec.key, 'images-height')
  const tierControl = useControl(spec.key, 'images-tier')
  const custom = values['sizeMode'] === 'custom'
  const [width, height] = [textOf(values['width']), textOf(values['height'])]
  const mode = (sizeMode: 'tier' | 'custom', label: string) => (
    <label className="radio">
      <input
        type="radio"
        name="images-size-mode"
        checked={values['sizeMode'] === sizeMode}
        onChange={() => set({ sizeMode }, spec.key)}
      />
      {label}
    </label>
  )
  return (
    <fieldset className="size-mode">
      <legend>{spec.label}</legend>
      <div className="radio-row">
        {mode('tier', 'Tier')}
        {mode('custom', 'Width × height')}
      </div>
      {!custom ? (
        <div className="param-grid">
          <Field
            field={spec.key}
            id="images-tier"
            label="Tier"
            hint={hasReferences ? `${spec.textOnlyTier} is for text-to-image only.` : undefined}
          >
            <select
              {...tierControl}
              value={textOf(values['tier'])}
              onChange={(event) => set({ tier: event.target.value }, spec.key)}
            >
              {spec.tiers.map((tier) => (
                <option key={tier} value={tier}>
                  {tier}
                </option>
              ))}
            </select>
          </Field>
        </div>
      ) : (
        <>
          <div className="param-grid">
            <div className="field">
              <label htmlFor="images-width">Width</label>
              <input
                {...widthControl}
                type="text"
                inputMode="numeric"
                value={width}
                onChange={(event) => set({ width: event.target.value }, spec.key)}
              />
            </div>
            <div className="field">
              <label htmlFor="images-height">Height</label>
              <input
                {...heightControl}
                aria-describedby={widthControl['aria-describedby']}
                type="text"
                inputMode="numeric"
                value={height}
                onChange={(event) => set({ height: event.target.value }, spec.key)}
              />
            </div>
          </div>
          <PixelFacts spec={spec} width={width} height={height} />
          <FieldMessage field={spec.key} id="images-width" />
        </>
      )}
    </fieldset>
  )
}
