import { useRef, useState, type ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import type { TFunction } from 'i18next'
import {
  ImagePrice,
  MAX_SIZES,
  normalizeSize,
  readAmount,
  type AmountProblem,
  type ModelPriceFile
} from '@shared/money'
import { IconButton } from '../../ui/IconButton'

/** One size tier of a per-image price as its inputs hold it: the size and the amount, as typed. */
export interface SizeTier {
  size: string
  price: string
}

/** What is wrong with one tier: which of its fields, and the price file's code for it. */
export type SizeProblem =
  | { index: number; field: 'size'; code: 'size_invalid' | 'size_duplicate' }
  | { index: number; field: 'price'; code: AmountProblem }

/** A tier with both fields empty is a row added and never filled: neither checked nor saved. */
const isBlank = (tier: SizeTier): boolean => tier.size.trim() === '' && tier.price.trim() === ''

type ImageFile = Extract<ModelPriceFile, { unit: 'image' }>

/** The tiers as the price file writes them: blank rows left out, each size in its one spelling. */
export function fileTiers(tiers: readonly SizeTier[]): NonNullable<ImageFile['bySize']> {
  return tiers
    .filter((tier) => !isBlank(tier))
    .map((tier) => ({ size: normalizeSize(tier.size) ?? tier.size.trim(), price: tier.price.trim() }))
}

/**
 * What is wrong with the tiers, read by the price file's own schema (its size and amount rules and its
 * duplicate check), so the form refuses exactly what an import would. A duplicate is told once the tiers
 * are otherwise right, as the schema checks it last. The base price's own problems are the section's.
 */
export function sizeProblems(price: string, tiers: readonly SizeTier[]): SizeProblem[] {
  const kept = tiers.flatMap((tier, index) => (isBlank(tier) ? [] : [{ tier, index }]))
  if (kept.length === 0) return []
  const reading = ImagePrice.safeParse({ unit: 'image', price, bySize: kept.map(({ tier }) => tier) })
  if (reading.success) return []
  const found: SizeProblem[] = []
  for (const issue of reading.error.issues) {
    const [key, at, field] = issue.path
    if (key !== 'bySize' || typeof at !== 'number' || (field !== 'size' && field !== 'price')) continue
    const place = kept[at]
    if (!place) continue
    if (field === 'size') {
      const code =
        issue.code === 'custom' ? (issue.params as { money?: string } | undefined)?.money : undefined
      found.push({ index: place.index, field, code: code === 'size_duplicate' ? code : 'size_invalid' })
    } else {
      // The schema read the amount with this parser; its answer names the problem in the catalog's terms.
      const amount = readAmount(place.tier.price)
      found.push({ index: place.index, field, code: amount.ok ? 'amount_invalid' : amount.problem })
    }
  }
  return found
}

/** The size as a label names it: as typed, or its place in the list while it is empty. */
export const sizeName = (t: TFunction, tiers: readonly SizeTier[], index: number): string =>
  tiers[index]?.size.trim() || t('money.prices.sizes.numbered', { number: index + 1 })

/** A problem in words: the size's words or the amount's, as the section says a price's. */
export const problemWords = (t: TFunction, problem: SizeProblem): string =>
  problem.field === 'size'
    ? t(`money.prices.sizes.problems.${problem.code}`)
    : t(`money.prices.amountProblems.${problem.code}`)

/**
 * A per-image price's size tiers (Settings › a gateway › Prices): a size and a price per row, behind a
 * disclosure that starts open when the model has tiers. Problems (once a save was refused) sit under the
 * row, named by the field they belong to.
 */
export function SizePrices({
  model,
  tiers,
  problems,
  onChange
}: {
  model: string
  tiers: SizeTier[]
  problems: SizeProblem[]
  onChange: (tiers: SizeTier[]) => void
}): ReactElement {
  const { t } = useTranslation()
  const [expanded, setExpanded] = useState<boolean | null>(null)
  const list = useRef<HTMLDivElement>(null)
  const add = useRef<HTMLButtonElement>(null)
  const open = problems.length > 0 || (expanded ?? tiers.length > 0)
  const id = `size-prices-${model.replace(/[^\w-]/g, '_')}`

  const edit = (index: number, patch: Partial<SizeTier>): void =>
    onChange(tiers.map((tier, at) => (at === index ? { ...tier, ...patch } : tier)))
  const append = (): void => {
    onChange([...tiers, { size: '', price: '' }])
    // The new row's size takes the focus once it is drawn.
    requestAnimationFrame(() =>
      list.current?.querySelector<HTMLInputElement>('.size-row:last-child input')?.focus()
    )
  }
  const drop = (index: number): void => {
    onChange(tiers.filter((_, at) => at !== index))
    add.current?.focus()
  }

  return (
    <div className="size-prices">
      <button
        type="button"
        className="link-button size-prices-toggle"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setExpanded(!open)}
      >
        {t('money.prices.sizes.toggle', { n: tiers.length })}
      </button>
      {open && (
        <div id={id} className="size-prices-body">
          <p className="muted size-prices-hint">{t('money.prices.sizes.hint')}</p>
          <div ref={list} className="size-rows">
            {tiers.map((tier, index) => {
              const name = sizeName(t, tiers, index)
              const mine = problems.filter((problem) => problem.index === index)
              const errorId = `${id}-${index}-error`
              const invalid = (field: SizeProblem['field']): boolean =>
                mine.some((problem) => problem.field === field)
              return (
                <div key={index} className="size-row">
                  <input
                    className="size-name"
                    aria-label={t('money.prices.sizes.sizeFor', { model, number: index + 1 })}
                    value={tier.size}
                    aria-invalid={invalid('size') || undefined}
                    aria-describedby={mine.length > 0 ? errorId : undefined}
                    onChange={(event) => edit(index, { size: event.target.value })}
                  />
                  <input
                    className="price-amount"
                    inputMode="decimal"
                    aria-label={t('money.prices.sizes.priceAt', { model, size: name })}
                    value={tier.price}
                    aria-invalid={invalid('price') || undefined}
                    aria-describedby={mine.length > 0 ? errorId : undefined}
                    onChange={(event) => edit(index, { price: event.target.value })}
                  />
                  <IconButton
                    icon="close"
                    label={t('money.prices.sizes.removeFor', { model, size: name })}
                    onClick={() => drop(index)}
                  />
                  {mine.length > 0 && (
                    <p id={errorId} className="field-error size-row-error">
                      {mine
                        .map((problem) =>
                          t(`money.prices.sizes.${problem.field}Problem`, {
                            problem: problemWords(t, problem)
                          })
                        )
                        .join(' ')}
                    </p>
                  )}
                </div>
              )
            })}
          </div>
          <button
            ref={add}
            type="button"
            className="button"
            disabled={tiers.length >= MAX_SIZES}
            onClick={append}
          >
            {t('money.prices.sizes.add')}
          </button>
        </div>
      )}
    </div>
  )
}
