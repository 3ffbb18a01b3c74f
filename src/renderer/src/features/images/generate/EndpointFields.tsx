import type { ReactElement } from 'react'
import {
  COMPAT_SIZES,
  PARTNER_A_OUTPUT_FORMATS,
  PARTNER_A_RESPONSE_FORMATS,
  PARTNER_A_SIZES,
  PARTNER_B_TIERS,
  pixelFacts,
  V2_RATIOS,
  V2_RESOLUTIONS,
  V3_BACKGROUNDS,
  V3_COMPRESSION_FORMATS,
  V3_MODERATION,
  V3_OUTPUT_FORMATS,
  V3_SIZES,
  type Draft,
  type FormField,
  type GenEndpoint
} from '../form'
import { useImagesStore } from '../store'
import { Field, FieldMessage, useControl, useTouch } from './Field'

type Setter<E extends GenEndpoint> = (patch: Partial<Draft[E]>, field: FormField) => void

function useSetter<E extends GenEndpoint>(endpoint: E): Setter<E> {
  const setFields = useImagesStore((state) => state.setFields)
  const touch = useTouch()
  return (patch, field) => {
    setFields(endpoint, patch)
    touch(field)
  }
}

function Select({
  field,
  id,
  value,
  options,
  onChange
}: {
  field: FormField
  id: string
  value: string
  options: readonly (readonly [string, string])[]
  onChange: (value: string) => void
}): ReactElement {
  const control = useControl(field, id)
  return (
    <select {...control} value={value} onChange={(event) => onChange(event.target.value)}>
      {options.map(([v, label]) => (
        <option key={v} value={v}>
          {label}
        </option>
      ))}
    </select>
  )
}

function TextInput({
  field,
  id,
  value,
  onChange,
  placeholder,
  inputMode,
  list,
  disabled
}: {
  disabled?: boolean
  field: FormField
  id: string
  value: string
  onChange: (value: string) => void
  placeholder?: string
  inputMode?: 'numeric' | 'decimal' | 'text'
  list?: string
}): ReactElement {
  const control = useControl(field, id)
  return (
    <input
      {...control}
      type="text"
      value={value}
      placeholder={placeholder}
      inputMode={inputMode}
      list={list}
      disabled={disabled}
      autoComplete="off"
      spellCheck={false}
      onChange={(event) => onChange(event.target.value)}
    />
  )
}

/** A labelled select with its message: the usual shape of a parameter. */
function SelectField({
  field,
  label,
  hint,
  id = `images-${field}`,
  ...select
}: {
  field: FormField
  label: string
  hint?: string
  id?: string
  value: string
  options: readonly (readonly [string, string])[]
  onChange: (value: string) => void
}): ReactElement {
  return (
    <Field field={field} id={id} label={label} hint={hint}>
      <Select field={field} id={id} {...select} />
    </Field>
  )
}

/** A labelled text input with its message. */
function TextField({
  field,
  label,
  hint,
  id = `images-${field}`,
  ...input
}: {
  field: FormField
  label: string
  hint?: string
  id?: string
  value: string
  onChange: (value: string) => void
  placeholder?: string
  inputMode?: 'numeric' | 'decimal' | 'text'
  list?: string
  disabled?: boolean
}): ReactElement {
  return (
    <Field field={field} id={id} label={label} hint={hint}>
      <TextInput field={field} id={id} {...input} />
    </Field>
  )
}

const same = (values: readonly string[]): (readonly [string, string])[] => values.map((v) => [v, v] as const)
const withDefault = (label: string, values: readonly string[]): (readonly [string, string])[] => [
  ['', label],
  ...same(values)
]

function ExtraFields({
  endpoint,
  value
}: {
  endpoint: 'imagesV1' | 'imagesV2' | 'partnerA' | 'partnerB'
  value: string
}): ReactElement {
  const set = useSetter(endpoint)
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

function V1Fields({ f }: { f: Draft['imagesV1'] }): ReactElement {
  const set = useSetter('imagesV1')
  return (
    <>
      <div className="param-grid">
        <SelectField
          field="size"
          label="Size"
          hint="Not part of the spec; the gateway may ignore it."
          value={f.size}
          options={withDefault('Gateway default', COMPAT_SIZES)}
          onChange={(size) => set({ size }, 'size')}
        />
      </div>
      <ExtraFields endpoint="imagesV1" value={f.extra} />
    </>
  )
}

function V3Fields({ f }: { f: Draft['imagesV3'] }): ReactElement {
  const set = useSetter('imagesV3')
  const compressionApplies = (V3_COMPRESSION_FORMATS as readonly string[]).includes(f.outputFormat)
  return (
    <div className="param-grid">
      <TextField
        field="n"
        label="Images"
        hint="1 to 10 per request."
        value={f.n}
        inputMode="numeric"
        onChange={(n) => set({ n }, 'n')}
      />
      <SelectField
        field="size"
        label="Size"
        value={f.size}
        options={same(V3_SIZES)}
        onChange={(size) => set({ size }, 'size')}
      />
      <SelectField
        field="outputFormat"
        id="images-format"
        label="Output format"
        value={f.outputFormat}
        options={same(V3_OUTPUT_FORMATS)}
        onChange={(outputFormat) => set({ outputFormat }, 'outputFormat')}
      />
      <SelectField
        field="background"
        label="Background"
        value={f.background}
        options={withDefault('Model default', V3_BACKGROUNDS)}
        onChange={(background) => set({ background }, 'background')}
      />
      <TextField
        field="compression"
        label="Compression"
        hint={compressionApplies ? '0 to 100.' : 'Only for JPEG and WebP.'}
        value={compressionApplies ? f.compression : ''}
        placeholder={compressionApplies ? 'Model default' : 'Not used for PNG'}
        disabled={!compressionApplies}
        inputMode="numeric"
        onChange={(compression) => set({ compression }, 'compression')}
      />
      <SelectField
        field="moderation"
        label="Moderation"
        value={f.moderation}
        options={withDefault('Model default', V3_MODERATION)}
        onChange={(moderation) => set({ moderation }, 'moderation')}
      />
    </div>
  )
}

function V2Fields({ f }: { f: Draft['imagesV2'] }): ReactElement {
  const set = useSetter('imagesV2')
  return (
    <>
      <div className="param-grid">
        <SelectField
          field="ratio"
          label="Ratio"
          value={f.ratio}
          options={withDefault('Model default', V2_RATIOS)}
          onChange={(ratio) => set({ ratio }, 'ratio')}
        />
        <SelectField
          field="resolution"
          label="Resolution"
          value={f.resolution}
          options={withDefault('Model default', V2_RESOLUTIONS)}
          onChange={(resolution) => set({ resolution }, 'resolution')}
        />
        <TextField
          field="count"
          label="Images"
          hint="Each image is its own task, shown together."
          value={f.count}
          inputMode="numeric"
          onChange={(count) => set({ count }, 'count')}
        />
      </div>
      <ExtraFields endpoint="imagesV2" value={f.extra} />
    </>
  )
}

function PartnerAFields({
  f,
  streamRefused,
  onRetryStream
}: {
  f: Draft['partnerA']
  streamRefused: boolean
  onRetryStream: () => void
}): ReactElement {
  const set = useSetter('partnerA')
  const groupControl = useControl('maxImages', 'images-group')
  const streamControl = useControl('stream', 'images-stream')
  return (
    <>
      <div className="param-grid">
        <Field field="size" id="images-size" label="Size" hint="1K, 2K, 4K or W×H; empty is 2K.">
          <TextInput
            field="size"
            id="images-size"
            value={f.size}
            placeholder="2K"
            list="images-size-list"
            onChange={(size) => set({ size }, 'size')}
          />
          <datalist id="images-size-list">
            {PARTNER_A_SIZES.map((size) => (
              <option key={size} value={size} />
            ))}
          </datalist>
        </Field>
        <TextField
          field="seed"
          label="Seed"
          value={f.seed}
          placeholder="Random"
          inputMode="numeric"
          onChange={(seed) => set({ seed }, 'seed')}
        />
        <TextField
          field="guidance"
          label="Guidance"
          hint="Prompt strength, usually 1–10."
          value={f.guidance}
          placeholder="Model default"
          inputMode="decimal"
          onChange={(guidance) => set({ guidance }, 'guidance')}
        />
        <SelectField
          field="outputFormat"
          id="images-format"
          label="Output format"
          value={f.outputFormat}
          options={withDefault('Default (JPEG)', PARTNER_A_OUTPUT_FORMATS)}
          onChange={(outputFormat) => set({ outputFormat }, 'outputFormat')}
        />
        <SelectField
          field="responseFormat"
          id="images-response"
          label="Response format"
          value={f.responseFormat}
          options={withDefault('Default', PARTNER_A_RESPONSE_FORMATS)}
          onChange={(responseFormat) => set({ responseFormat }, 'responseFormat')}
        />
      </div>
      <div className="toggles">
        <label className="check">
          <input
            type="checkbox"
            checked={f.watermark}
            onChange={(event) => set({ watermark: event.target.checked }, 'watermark')}
          />
          Add the provider’s watermark
        </label>
        <div className="toggle-row">
          <label className="check">
            <input
              type="checkbox"
              checked={f.group}
              onChange={(event) => set({ group: event.target.checked }, 'maxImages')}
            />
            Generate a group of images
          </label>
          {f.group && (
            <span className="inline-field">
              <label htmlFor="images-group">Max images</label>
              <input
                {...groupControl}
                type="text"
                inputMode="numeric"
                value={f.maxImages}
                onChange={(event) => set({ maxImages: event.target.value }, 'maxImages')}
              />
            </span>
          )}
        </div>
        <FieldMessage field="maxImages" id="images-group" />
        <label className="check">
          <input
            {...streamControl}
            type="checkbox"
            checked={f.stream}
            onChange={(event) => set({ stream: event.target.checked }, 'stream')}
          />
          Show images as they arrive (stream)
        </label>
        <FieldMessage field="stream" id="images-stream" />
        {streamRefused ? (
          <p className="field-hint">
            This model refused streaming before.{' '}
            <button type="button" className="link-button" onClick={onRetryStream}>
              Forget that
            </button>
          </p>
        ) : (
          <p className="field-hint">
            The listing does not say which models stream; the gateway refuses with a 400.
          </p>
        )}
      </div>
      <ExtraFields endpoint="partnerA" value={f.extra} />
    </>
  )
}

function PartnerBFields({
  f,
  hasReferences
}: {
  f: Draft['partnerB']
  hasReferences: boolean
}): ReactElement {
  const set = useSetter('partnerB')
  const widthControl = useControl('size', 'images-width')
  const heightControl = useControl('size', 'images-height')
  const facts = f.sizeMode === 'custom' ? pixelFacts(f.width, f.height) : null
  const pixelsOk = facts ? facts.pixels >= 768 * 768 && facts.pixels <= 4096 * 4096 : true
  const ratioOk = facts
    ? Math.max(Number(f.width), Number(f.height)) <= 8 * Math.min(Number(f.width), Number(f.height))
    : true
  return (
    <>
      <fieldset className="size-mode">
        <legend>Size</legend>
        <div className="radio-row">
          <label className="radio">
            <input
              type="radio"
              name="images-size-mode"
              checked={f.sizeMode === 'tier'}
              onChange={() => set({ sizeMode: 'tier' }, 'size')}
            />
            Tier
          </label>
          <label className="radio">
            <input
              type="radio"
              name="images-size-mode"
              checked={f.sizeMode === 'custom'}
              onChange={() => set({ sizeMode: 'custom' }, 'size')}
            />
            Width × height
          </label>
        </div>
        {f.sizeMode === 'tier' ? (
          <div className="param-grid">
            <SelectField
              field="size"
              id="images-tier"
              label="Tier"
              hint={hasReferences ? '4K is for text-to-image only.' : undefined}
              value={f.tier}
              options={same(PARTNER_B_TIERS)}
              onChange={(tier) => set({ tier }, 'size')}
            />
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
                  value={f.width}
                  onChange={(event) => set({ width: event.target.value }, 'size')}
                />
              </div>
              <div className="field">
                <label htmlFor="images-height">Height</label>
                <input
                  {...heightControl}
                  aria-describedby={widthControl['aria-describedby']}
                  type="text"
                  inputMode="numeric"
                  value={f.height}
                  onChange={(event) => set({ height: event.target.value }, 'size')}
                />
              </div>
            </div>
            {facts && (
              <p className="pixel-facts" aria-live="polite">
                <span className={pixelsOk ? 'ok' : 'bad'}>
                  {facts.pixels.toLocaleString()} pixels {pixelsOk ? '✓' : '✗'}
                </span>
                <span className="muted"> (768² to 4096²)</span>
                <span aria-hidden="true"> · </span>
                <span className={ratioOk ? 'ok' : 'bad'}>
                  ratio {facts.ratio} {ratioOk ? '✓' : '✗'}
                </span>
                <span className="muted"> (1:8 to 8:1)</span>
              </p>
            )}
            <FieldMessage field="size" id="images-width" />
          </>
        )}
      </fieldset>
      <div className="param-grid">
        <TextField
          field="seed"
          label="Seed"
          value={f.seed}
          placeholder="Random"
          inputMode="numeric"
          onChange={(seed) => set({ seed }, 'seed')}
        />
      </div>
      <label className="check">
        <input
          type="checkbox"
          checked={f.watermark}
          onChange={(event) => set({ watermark: event.target.checked }, 'watermark')}
        />
        Add the provider’s watermark
      </label>
      <ExtraFields endpoint="partnerB" value={f.extra} />
      <p className="notice notice-warn compact-notice">
        Partner B’s image addresses expire after about 24 hours, so each result is downloaded into your
        library the moment it arrives.
      </p>
    </>
  )
}

/** The parameters of the chosen endpoint, with the spec's defaults and limits. */
export function EndpointFields({
  draft,
  streamRefused,
  onRetryStream
}: {
  draft: Draft
  streamRefused: boolean
  onRetryStream: () => void
}): ReactElement | null {
  switch (draft.endpoint) {
    case 'imagesV1':
      return <V1Fields f={draft.imagesV1} />
    case 'imagesV3':
      return <V3Fields f={draft.imagesV3} />
    case 'imagesV2':
      return <V2Fields f={draft.imagesV2} />
    case 'partnerA':
      return <PartnerAFields f={draft.partnerA} streamRefused={streamRefused} onRetryStream={onRetryStream} />
    case 'partnerB':
      return <PartnerBFields f={draft.partnerB} hasReferences={draft.references.length > 0} />
    default:
      return null
  }
}
