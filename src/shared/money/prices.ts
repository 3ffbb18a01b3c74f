import { z } from 'zod'
import { readAmount } from './amounts'
import { normalizeSize } from './sizes'

export { fromMicros, toMicros, MAX_AMOUNT_PLACES, MAX_AMOUNT_UNITS, MICROS_PER_UNIT } from './amounts'
export { formatMoney } from './format'

/**
 * A gateway profile's price table: what each model costs, in one currency. The gateway bills per token or
 * per image depending on the model and its own price configuration (docs/GATEWAY.md §1, `billing_unit` of
 * the model listing), and shows no prices, so the table is the team's own statement of them.
 *
 * The schema reads the file form (amounts as decimal text, exact) and gives the form this module counts
 * with (amounts as whole micros). Every size is bounded, so a table that passes is small enough to keep in
 * a profile and to look up on every estimate.
 */

export const PRICE_TABLE_VERSION = 1
export const MAX_MODELS = 2_000
export const MAX_SIZES = 50
/** As the app bounds a model id elsewhere (src/shared/schemas/chat.ts). */
export const MAX_MODEL_ID_CHARS = 200
export const PRICE_UNITS = ['image', 'tokens', 'video', 'second'] as const
export type PriceUnit = (typeof PRICE_UNITS)[number]

/**
 * A price file's own issue codes ride on zod issues as `params.money`, so reading a file can tell a
 * designer which rule an amount or a size broke (src/shared/money/problems.ts).
 */
export interface MoneyParams {
  money: string
  [key: string]: string | number
}
const moneyIssue = (code: string, extra: Record<string, string | number> = {}) => ({
  code: 'custom' as const,
  message: code,
  params: { money: code, ...extra } satisfies MoneyParams
})

/** Decimal text in the file, whole micros in the table; what is wrong is said by its amount rule. */
export const Amount = z.string().transform((text, ctx) => {
  const reading = readAmount(text)
  if (reading.ok) return reading.micros
  ctx.addIssue(moneyIssue(reading.problem))
  return z.NEVER
})

/** ISO 4217: three upper-case letters ("USD", "CNY", "EUR"). */
export const Currency = z.string().regex(/^[A-Z]{3}$/)

/**
 * A model id as the listing gives it: no control characters, no spaces at either end (a sign of a copy
 * slip, and the id would never match). `__proto__` is no model and would be dropped by a record.
 */
export const ModelId = z
  .string()
  .min(1)
  .max(MAX_MODEL_ID_CHARS)
  .regex(/^[^\s\p{Cc}](?:[^\p{Cc}]*[^\s\p{Cc}])?$/u)
  .refine((id) => id !== '__proto__')

export const PriceSize = z.string().transform((text, ctx) => {
  const size = normalizeSize(text)
  if (size !== undefined) return size
  ctx.addIssue(moneyIssue('size_invalid'))
  return z.NEVER
})

export const SizePrice = z.object({ size: PriceSize, price: Amount }).strict()

/** The price of one image, and of the sizes that cost otherwise; `price` is for any size not listed. */
export const ImagePrice = z
  .object({
    unit: z.literal('image'),
    price: Amount,
    bySize: z.array(SizePrice).max(MAX_SIZES).default([])
  })
  .strict()
  .superRefine((price, ctx) => {
    const seen = new Set<string>()
    price.bySize.forEach((tier, index) => {
      if (seen.has(tier.size))
        ctx.addIssue({ ...moneyIssue('size_duplicate'), path: ['bySize', index, 'size'] })
      seen.add(tier.size)
    })
  })

/** Per million tokens. Cached input absent: cached tokens cost what other input tokens cost. */
export const TokenPrice = z
  .object({
    unit: z.literal('tokens'),
    inputPerMillion: Amount,
    outputPerMillion: Amount,
    cachedInputPerMillion: Amount.optional()
  })
  .strict()

export const VideoPrice = z.object({ unit: z.literal('video'), price: Amount }).strict()
export const SecondPrice = z.object({ unit: z.literal('second'), price: Amount }).strict()

export const ModelPrice = z.discriminatedUnion('unit', [ImagePrice, TokenPrice, VideoPrice, SecondPrice])
export type ModelPrice = z.output<typeof ModelPrice>
export type ModelPriceFile = z.input<typeof ModelPrice>
export type ImagePrice = z.output<typeof ImagePrice>
export type TokenPrice = z.output<typeof TokenPrice>
export type VideoPrice = z.output<typeof VideoPrice>
export type SecondPrice = z.output<typeof SecondPrice>

/** Every field a model's price may have, by unit: how a file's misplaced field is told from a made-up one. */
export const PRICE_FIELDS: Readonly<Record<PriceUnit, readonly string[]>> = {
  image: ['unit', 'price', 'bySize'],
  tokens: ['unit', 'inputPerMillion', 'outputPerMillion', 'cachedInputPerMillion'],
  video: ['unit', 'price'],
  second: ['unit', 'price']
}

export const PriceTable = z
  .object({
    version: z.literal(PRICE_TABLE_VERSION),
    currency: Currency,
    models: z.record(ModelId, ModelPrice).superRefine((models, ctx) => {
      const count = Object.keys(models).length
      if (count > MAX_MODELS) ctx.addIssue(moneyIssue('too_many_models', { max: MAX_MODELS, count }))
    })
  })
  .strict()
/** The table as this module counts with it: amounts in micros. */
export type PriceTable = z.output<typeof PriceTable>
/** The table as a file or a profile stores it: amounts as decimal text. */
export type PriceTableFile = z.input<typeof PriceTable>
