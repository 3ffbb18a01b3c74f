import type { ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import type { TierOrSizeSpec } from '@shared/gateway/endpoints/form'
import { pixelFacts } from '../../../jobs/imageForm/form'
import type { ControlProps } from './EndpointFields'
import { Field } from '../../../ui/Field'
import { IssueField, FieldMessage, useControl } from './issues'
import { numberFormat } from '../../../ui/intl'

/** The fields that need their own widget: the extra JSON fields, and a size as a tier or W × H. */

export function ExtraFields({
  value,
  set
}: Pick<ControlProps<unknown>, 'set'> & { value: string }): ReactElement {
  const { t } = useTranslation()
  const control = useControl('extra', 'images-extra')
  return (
    <details className="extra-fields" open={value.trim() !== '' || undefined}>
      <summary>{t('images.extra.title')}</summary>
      <div className="field">
        <textarea
          {...control}
          aria-label={t('images.extra.title')}
          rows={3}
          value={value}
          placeholder={t('images.extra.placeholder')}
          spellCheck={false}
          onChange={(event) => set({ extra: event.target.value }, 'extra')}
        />
        <FieldMessage field="extra" id="images-extra" />
        <p className="field-hint">{t('images.extra.hint')}</p>
      </div>
    </details>
  )
}

const textOf = (value: unknown): string => (typeof value === 'string' ? value : '')

/** Live pixel and ratio facts of a W × H against the endpoint's limits. */
function PixelFacts({ spec, width, height }: { spec: TierOrSizeSpec; width: string; height: string }) {
  const { t, i18n } = useTranslation()
  const facts = pixelFacts(width, height)
  if (!facts) return null
  const pixelsOk = facts.pixels >= spec.minPixels && facts.pixels <= spec.maxPixels
  const [w, h] = [Number(width), Number(height)]
  const ratioOk = Math.max(w, h) <= spec.maxAspect * Math.min(w, h)
  const pixels = numberFormat(i18n.language).format(facts.pixels)
  const range = { min: Math.sqrt(spec.minPixels), max: Math.sqrt(spec.maxPixels) }
  return (
    <p className="pixel-facts" aria-live="polite">
      <span className={pixelsOk ? 'ok' : 'bad'}>
        {t('images.size.pixels', { pixels })} {pixelsOk ? '✓' : '✗'}
      </span>
      <span className="muted">{t('images.size.pixelRange', range)}</span>
      <span aria-hidden="true"> · </span>
      <span className={ratioOk ? 'ok' : 'bad'}>
        {t('images.size.ratio', { ratio: facts.ratio })} {ratioOk ? '✓' : '✗'}
      </span>
      <span className="muted">{t('images.size.ratioRange', { max: spec.maxAspect })}</span>
    </p>
  )
}

/** A size as one of the tiers or as width × height, the pixel facts shown as one types. */
export function TierOrSize({
  spec,
  values,
  set,
  words,
  hasReferences
}: ControlProps<TierOrSizeSpec> & { hasReferences: boolean }): ReactElement {
  const { t } = useTranslation()
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
      <legend>{words.text(spec.key, 'label', spec.label)}</legend>
      <div className="radio-row">
        {mode('tier', t('images.size.tier'))}
        {mode('custom', t('images.size.custom'))}
      </div>
      {!custom ? (
        <div className="param-grid">
          <IssueField
            field={spec.key}
            id="images-tier"
            label={t('images.size.tier')}
            hint={hasReferences ? t('images.size.textOnly', { tier: spec.textOnlyTier }) : undefined}
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
          </IssueField>
        </div>
      ) : (
        <>
          <div className="param-grid">
            <Field id="images-width" label={t('images.size.width')}>
              <input
                {...widthControl}
                type="text"
                inputMode="numeric"
                value={width}
                onChange={(event) => set({ width: event.target.value }, spec.key)}
              />
            </Field>
            <Field id="images-height" label={t('images.size.height')}>
              <input
                {...heightControl}
                aria-describedby={widthControl['aria-describedby']}
                type="text"
                inputMode="numeric"
                value={height}
                onChange={(event) => set({ height: event.target.value }, spec.key)}
              />
            </Field>
          </div>
          <PixelFacts spec={spec} width={width} height={height} />
          <FieldMessage field={spec.key} id="images-width" />
        </>
      )}
    </fieldset>
  )
}
