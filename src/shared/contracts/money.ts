import { z } from 'zod'
import { JobGroupRef } from '../schemas/jobGroups'
import {
  CapSetInput,
  CapsView,
  GroupCapSetInput,
  GroupCapView,
  PricesExported,
  PricesExportInput,
  PricesGot,
  PricesImported,
  PricesImportInput,
  PricesRef,
  PricesSetInput,
  SpendListQuery,
  SpendSummaryQuery,
  SpendSummaryRow,
  SpendView
} from '../schemas/money'

/**
 * Money (RELIABILITY P50): each profile's price table, its caps per day and month and each batch's, and the
 * ledger of what was spent. A live estimate is the renderer's own: it reads the table with `prices.get` and
 * counts with `src/shared/money` (`estimateJob`), as the backend does before each send.
 */
export const moneyCommands = {
  'prices.get': { input: PricesRef, output: PricesGot },
  /** Replaces the table (null removes it); jobs waiting for budget are tried again at once. */
  'prices.set': { input: PricesSetInput, output: PricesGot },
  /** Reads a price file and, if it is a table, makes it the profile's; else says what is wrong with it. */
  'prices.import': { input: PricesImportInput, output: PricesImported },
  'prices.export': { input: PricesExportInput, output: PricesExported },
  'caps.get': { input: PricesRef, output: CapsView },
  /** A day or month cap (null removes it); applies to the next send, and jobs waiting for budget are tried again. */
  'caps.set': { input: CapSetInput, output: CapsView },
  'groups.cap': { input: JobGroupRef, output: GroupCapView },
  'groups.setCap': { input: GroupCapSetInput, output: GroupCapView },
  /** Sends with a price, newest first: estimate beside actual. */
  'spend.list': { input: SpendListQuery, output: z.array(SpendView) },
  /** Sums per day, month, model, profile or batch. */
  'spend.summary': { input: SpendSummaryQuery, output: z.array(SpendSummaryRow) }
} as const satisfies Record<string, { input: z.ZodType; output: z.ZodType }>

export const moneyEvents = {
  /** What a profile spent or reserved changed, or its caps did. */
  'spend.changed': CapsView
} as const satisfies Record<string, z.ZodType>
