import { z } from 'zod'
import {
  Currency,
  MAX_AMOUNT_MICROS,
  MAX_ISSUES,
  MAX_MODELS,
  MAX_PRICE_FILE_CHARS,
  MAX_SIZES,
  PRICE_FILE_ISSUE_CODES,
  PRICE_TABLE_VERSION,
  PriceTable,
  type PriceFileIssueCode,
  type PriceTable as CountedPriceTable
} from '../money'
import { ProfileId } from './profiles'

/**
 * Money as the renderer and the backend exchange it (RELIABILITY P50): a profile's price table, its caps
 * and what was spent. Every amount is whole micro-units of the price table's currency (1 unit is
 * 1,000,000), formatted only where it is shown (`formatMoney`).
 */

/** The largest cap (ours): a billion units of any currency, still far inside what a `number` holds exactly. */
export const MAX_CAP_MICROS = 1_000_000_000 * 1_000_000
export const Micros = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER)
export const CapMicros = z.number().int().min(0).max(MAX_CAP_MICROS)
/** A local date, `YYYY-MM-DD`, and month, `YYYY-MM`: what day and month caps count by. */
export const LocalDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/)
export const LocalMonth = z.string().regex(/^\d{4}-\d{2}$/)

const Price = z.number().int().min(0).max(MAX_AMOUNT_MICROS)

/**
 * A price table as the renderer counts with it (`src/shared/money`'s `PriceTable`, amounts in micros).
 * A plain shape with no transforms, so the backend's answer and the client's check read it alike; the file
 * form (amounts as decimal text) is what `prices.set` takes, checked by every rule of the price file.
 */
export const PriceTableView = z.object({
  version: z.literal(PRICE_TABLE_VERSION),
  currency: Currency,
  models: z.record(
    z.string(),
    z.discriminatedUnion('unit', [
      z.object({
        unit: z.literal('image'),
        price: Price,
        bySize: z.array(z.object({ size: z.string(), price: Price })).max(MAX_SIZES)
      }),
      z.object({
        unit: z.literal('tokens'),
        inputPerMillion: Price,
        outputPerMillion: Price,
        cachedInputPerMillion: Price.optional()
      }),
      z.object({ unit: z.literal('video'), price: Price }),
      z.object({ unit: z.literal('second'), price: Price })
    ])
  )
})
export type PriceTableView = z.output<typeof PriceTableView>

/** The view is the counted table itself (a compile-time check): the renderer estimates with it as it came. */
export const asPriceTable = (view: PriceTableView): CountedPriceTable => view

export const PricesRef = z.object({ profileId: ProfileId }).strict()
export const PricesGot = z.object({ table: PriceTableView.nullable() })

export const PricesSetInput = z
  .object({
    profileId: ProfileId,
    /** The file form (amounts as decimal text), checked as an imported file is; null removes the table. */
    table: PriceTable.nullable()
  })
  .strict()

export const PriceFileFormat = z.enum(['json', 'csv'])

export const PricesImportInput = z
  .object({
    profileId: ProfileId,
    text: z.string().max(MAX_PRICE_FILE_CHARS + 1),
    format: PriceFileFormat,
    /** CSV names no currency: its prices are in this one, or the profile's table's. */
    currency: Currency.optional()
  })
  .strict()

/** An issue of a price file: its code and the values its words need (`money.issues.<code>` in the catalogs). */
export const PriceFileIssueView = z.object({
  code: z.enum(PRICE_FILE_ISSUE_CODES as [PriceFileIssueCode, ...PriceFileIssueCode[]]),
  values: z.record(z.string(), z.union([z.string(), z.number()]))
})

/** The imported table, now the profile's; or what is wrong with the file (nothing was changed). */
export const PricesImported = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), table: PriceTableView }),
  z.object({ ok: z.literal(false), issues: z.array(PriceFileIssueView).max(MAX_ISSUES + 1) })
])

export const PricesExportInput = z.object({ profileId: ProfileId, format: PriceFileFormat }).strict()
export const PricesExported = z.object({ text: z.string(), fileName: z.string() })

/** A profile's caps and what counts against them now (local day and month of the machine). */
export const CapsView = z.object({
  profileId: ProfileId,
  /** The price table's currency, in which caps and sums are; null while the profile has no table. */
  currency: Currency.nullable(),
  day: CapMicros.nullable(),
  month: CapMicros.nullable(),
  /** What settled sends cost (their actual cost, or their estimate when the gateway did not say). */
  spentToday: Micros,
  spentThisMonth: Micros,
  /** Estimates of sends not settled yet: in flight, running at the gateway, or of unknown outcome. */
  reservedToday: Micros,
  reservedThisMonth: Micros,
  today: LocalDay,
  thisMonth: LocalMonth
})
export type CapsView = z.output<typeof CapsView>

export const CapSetInput = z
  .object({ profileId: ProfileId, scope: z.enum(['day', 'month']), capMicros: CapMicros.nullable() })
  .strict()

/** A batch's cap and what counts against it. */
export const GroupCapView = z.object({
  groupId: z.string(),
  currency: Currency.nullable(),
  capMicros: CapMicros.nullable(),
  spentMicros: Micros,
  reservedMicros: Micros
})
export type GroupCapView = z.output<typeof GroupCapView>

export const GroupCapSetInput = z
  .object({ id: z.string().min(1).max(64), capMicros: CapMicros.nullable() })
  .strict()

export const SpendState = z.enum(['reserved', 'settled', 'released'])

/** One task sent with a price: its estimate beside what it cost. */
export const SpendView = z.object({
  taskId: z.string(),
  jobId: z.string(),
  groupId: z.string().nullable(),
  profileId: z.string(),
  model: z.string(),
  currency: Currency,
  estimateMicros: Micros,
  /** The estimate needed no guess (per image, per video, per second with a duration). */
  exact: z.boolean(),
  state: SpendState,
  /** What it cost, from the gateway's usage or the results delivered; null while unknown. */
  actualMicros: Micros.nullable(),
  day: LocalDay,
  month: LocalMonth,
  createdAt: z.number(),
  settledAt: z.number().nullable()
})
export type SpendView = z.output<typeof SpendView>

const SpendFilter = {
  profileId: ProfileId.optional(),
  groupId: z.string().min(1).max(64).optional(),
  jobId: z.string().min(1).max(64).optional(),
  from: LocalDay.optional(),
  to: LocalDay.optional()
}

export const SpendListQuery = z
  .object({
    ...SpendFilter,
    limit: z.number().int().min(1).max(1_000).default(200),
    /** Keyset paging, newest first: sends created before this time, or at it with a lower task id. */
    before: z.number().optional(),
    beforeTaskId: z.string().max(64).optional()
  })
  .strict()

export const SpendSummaryQuery = z
  .object({
    ...SpendFilter,
    by: z.enum(['day', 'month', 'model', 'profile', 'group']),
    limit: z.number().int().min(1).max(MAX_MODELS).default(366)
  })
  .strict()

/** Sums of sends not released, per key and currency (sums never mix currencies). */
export const SpendSummaryRow = z.object({
  key: z.string(),
  currency: Currency,
  sends: z.number().int().min(0),
  estimateMicros: Micros,
  /** Actual costs known, of `actualSends` sends, and what those same sends were estimated at. */
  actualMicros: Micros,
  actualSends: z.number().int().min(0),
  estimateOfActualMicros: Micros,
  reservedMicros: Micros,
  /** What the caps count: settled sends at their cost (or estimate), reserved ones at their estimate. */
  countedMicros: Micros,
  /** Images kept (a designer's verdict) of the jobs these sends paid for: cost per kept image is counted ÷ this. */
  keptImages: z.number().int().min(0)
})
export type SpendSummaryRow = z.output<typeof SpendSummaryRow>
