import type { ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import type {
  FieldSpec,
  FormSpec,
  NumberSpec,
  SelectSpec,
  TextSpec,
  ToggleSpec
} from '@shared/gateway/endpoints/form'
import { applies, isOn, type FieldValues } from '../../../jobs/imageForm/fields'
import { formOf, type Draft, type GenEndpoint } from '../../../jobs/imageForm/form'
import { useImagesStore } from '../store'
import { fieldWords, type FieldWords } from '../../../jobs/imageForm/words'
import { IssueField, FieldMessage, useControl, useTouch } from './issues'
import { ExtraFields, TierOrSize } from './widgets'

/**
 * The parameters of the chosen endpoint, rendered from its descriptor's `form`
 * (src/shared/gateway/endpoints): selects, text and number boxes in a grid, switches together, and the few
 * fields that need their own widget (a tier-or-size picker, the extra JSON fields). The descriptor's
 * English is said in the current language through `words` (../words.ts).
 */

/** Sets some of the endpoint's values and marks the field whose message may now show. */
export type Setter = (patch: FieldValues, field: string) => void

function useSetter(endpoint: GenEndpoint): Setter {
  const setFields = useImagesStore((state) => state.setFields)
  const touch = useTouch()
  return (patch, field) => {
    setFields(endpoint, patch)
    touch(field)
  }
}

export interface ControlProps<S> {
  spec: S
  values: FieldValues
  set: Setter
  /** The endpoint's descriptor words in the current language. */
  words: FieldWords
}

const idOf = (spec: { id?: string; key: string }): string => spec.id ?? `images-${spec.key}`
const textOf = (values: FieldValues, key: string): string => {
  const value = values[key]
  return typeof value === 'string' ? value : ''
}

/** A field's hint in the current language, when the descriptor gives one. */
const hintOf = (words: FieldWords, key: string, hint: string | undefined): string | undefined =>
  hint === undefined ? undefined : words.text(key, 'hint', hint)

function SelectControl({ spec, values, set, words }: ControlProps<SelectSpec>): ReactElement {
  const id = idOf(spec)
  const control = useControl(spec.key, id)
  const options = [
    ...(spec.empty !== undefined ? [['', words.text(spec.key, 'empty', spec.empty)] as const] : []),
    ...spec.options.map((value) => [value, words.option(spec.key, value)] as const)
  ]
  return (
    <IssueField
      field={spec.key}
      id={id}
      label={words.text(spec.key, 'label', spec.label)}
      hint={hintOf(words, spec.key, spec.hint)}
    >
      <select
        {...control}
        value={textOf(values, spec.key)}
        onChange={(event) => set({ [spec.key]: event.target.value }, spec.key)}
      >
        {options.map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
    </IssueField>
  )
}

/** A text box: free text (with suggestions), or a number kept as typed; disabled while it does not apply. */
function TextControl({ spec, values, set, words }: ControlProps<TextSpec | NumberSpec>): ReactElement {
  const id = idOf(spec)
  const on = spec.kind === 'text' || applies(spec, values)
  const off = spec.kind === 'number' ? spec.when : undefined
  const suggestions = spec.kind === 'text' ? spec.suggestions : undefined
  const list = suggestions ? `${id}-list` : undefined
  const say = (part: 'whenHint' | 'whenPlaceholder' | 'placeholder', english: string | undefined) =>
    english === undefined ? undefined : words.text(spec.key, part, english)
  return (
    <IssueField
      field={spec.key}
      id={id}
      label={words.text(spec.key, 'label', spec.label)}
      hint={on ? hintOf(words, spec.key, spec.hint) : say('whenHint', off?.hint)}
    >
      {(control) => (
        <>
          <input
            {...control}
            type="text"
            value={on ? textOf(values, spec.key) : ''}
            placeholder={on ? say('placeholder', spec.placeholder) : say('whenPlaceholder', off?.placeholder)}
            inputMode={spec.kind === 'number' ? (spec.whole ? 'numeric' : 'decimal') : undefined}
            list={list}
            disabled={!on}
            autoComplete="off"
            spellCheck={false}
            onChange={(event) => set({ [spec.key]: event.target.value }, spec.key)}
          />
          {suggestions && (
            <datalist id={list}>
              {suggestions.map((value) => (
                <option key={value} value={value} />
              ))}
            </datalist>
          )}
        </>
      )}
    </IssueField>
  )
}

/** A number next to the switch that shows it (a group's size). */
function InlineNumber({ spec, values, set, words }: ControlProps<NumberSpec>): ReactElement {
  const id = idOf(spec)
  const control = useControl(spec.key, id)
  return (
    <span className="inline-field">
      <label htmlFor={id}>{words.text(spec.key, 'label', spec.label)}</label>
      <input
        {...control}
        type="text"
        inputMode={spec.whole ? 'numeric' : 'decimal'}
        value={textOf(values, spec.key)}
        onChange={(event) => set({ [spec.key]: event.target.value }, spec.key)}
      />
    </span>
  )
}

interface StreamProps {
  /** The model refused a stream before (remembered per profile and model). */
  streamRefused: boolean
  onRetryStream: () => void
}

function ToggleControl({
  spec,
  values,
  set,
  words,
  streamRefused,
  onRetryStream
}: ControlProps<ToggleSpec> & StreamProps): ReactElement {
  const { t } = useTranslation()
  const id = spec.id ?? `images-${spec.key}`
  const control = useControl(spec.key, id)
  const field = spec.inline?.key ?? spec.key
  const check = (
    <label className="check">
      <input
        {...(spec.id ? control : {})}
        type="checkbox"
        checked={isOn(values, spec.key)}
        onChange={(event) => set({ [spec.key]: event.target.checked }, field)}
      />
      {words.text(spec.key, 'label', spec.label)}
    </label>
  )
  if (spec.inline) {
    return (
      <>
        <div className="toggle-row">
          {check}
          {isOn(values, spec.key) && (
            <InlineNumber spec={spec.inline} values={values} set={set} words={words} />
          )}
        </div>
        <FieldMessage field={spec.inline.key} id={idOf(spec.inline)} />
      </>
    )
  }
  if (!spec.id) return check
  return (
    <>
      {check}
      <FieldMessage field={spec.key} id={id} />
      {spec.stream && streamRefused ? (
        <p className="field-hint">
          {t('images.form.streamRefused')}{' '}
          <button type="button" className="link-button" onClick={onRetryStream}>
            {t('images.form.forgetRefusal')}
          </button>
        </p>
      ) : (
        spec.hint && <p className="field-hint">{hintOf(words, spec.key, spec.hint)}</p>
      )}
    </>
  )
}

type Block = { layout: 'grid' | 'toggles'; specs: FieldSpec[] } | { layout: 'own'; specs: [FieldSpec] }

const layoutOf = (spec: FieldSpec): Block['layout'] =>
  spec.kind === 'select' || spec.kind === 'text' || spec.kind === 'number'
    ? 'grid'
    : spec.kind === 'toggle'
      ? 'toggles'
      : 'own'

/** Neighbouring fields of one layout share a block: a grid of boxes, a column of switches. */
function blocksOf(form: FormSpec): Block[] {
  const blocks: Block[] = []
  for (const spec of form.fields) {
    const layout = layoutOf(spec)
    const last = blocks.at(-1)
    if (layout !== 'own' && last?.layout === layout) last.specs.push(spec)
    else blocks.push({ layout, specs: [spec] })
  }
  return blocks
}

function Control({
  spec,
  ...props
}: ControlProps<FieldSpec> & StreamProps & { hasReferences: boolean }): ReactElement | null {
  switch (spec.kind) {
    case 'select':
      return <SelectControl spec={spec} {...props} />
    case 'text':
    case 'number':
      return <TextControl spec={spec} {...props} />
    case 'toggle':
      return <ToggleControl spec={spec} {...props} />
    case 'tierOrSize':
      return <TierOrSize spec={spec} {...props} />
    case 'extra':
      return <ExtraFields value={textOf(props.values, 'extra')} set={props.set} />
    case 'notice':
      return (
        <p className="notice notice-warn compact-notice">{props.words.text(spec.key, 'text', spec.text)}</p>
      )
  }
}

/** The parameters of the chosen endpoint, with the spec's defaults and limits. */
export function EndpointFields({
  draft,
  streamRefused,
  onRetryStream
}: {
  draft: Draft
} & StreamProps): ReactElement | null {
  const { t } = useTranslation()
  const endpoint = draft.endpoint
  const set = useSetter(endpoint ?? 'imagesV3')
  const form = endpoint ? formOf(endpoint) : undefined
  if (!endpoint || !form) return null
  const props = {
    values: draft[endpoint],
    set,
    words: fieldWords(t, endpoint),
    streamRefused,
    onRetryStream,
    hasReferences: draft.references.length > 0
  }
  return (
    <>
      {blocksOf(form).map((block) => {
        const controls = block.specs.map((spec) => <Control key={spec.key} spec={spec} {...props} />)
        // A lone switch stands on its own; a grid is a grid even of one.
        if (block.layout === 'own' || (block.layout === 'toggles' && controls.length === 1)) return controls
        return (
          <div key={block.specs[0]?.key} className={block.layout === 'grid' ? 'param-grid' : 'toggles'}>
            {controls}
          </div>
        )
      })}
    </>
  )
}
