/**
 * Money: a gateway profile's price table, what a job will cost before it is sent and what it cost after,
 * the spending cap's rule, and the table as a file. Pure, so the renderer's live estimate and the backend's
 * accounting run the same code; amounts are whole micro-units of the table's currency throughout.
 */
export { actualCost, type ActualCost, type DeliveredContext } from './actual'
export {
  fromMicros,
  isMicros,
  readAmount,
  toMicros,
  MAX_AMOUNT_MICROS,
  MAX_AMOUNT_PLACES,
  MAX_AMOUNT_UNITS,
  MICROS_PER_UNIT,
  type AmountProblem,
  type AmountReading
} from './amounts'
export { checkCap, type CapCheck, type CapInput } from './caps'
export { type TokenCount } from './cost'
export {
  estimateJob,
  tokensOfText,
  CHARS_PER_TOKEN,
  DEFAULT_EXPECTED_OUTPUT_TOKENS,
  DEFAULT_VIDEO_SECONDS,
  type CostBasis,
  type Estimate,
  type EstimateHints,
  type KnownEstimate,
  type UnknownReason
} from './estimate'
export {
  exportPriceTable,
  importPriceTable,
  priceFileFormatOf,
  type PriceFileFormat,
  type PriceImportOptions
} from './file'
export { PRICE_CSV_COLUMNS } from './fileCsv'
export { toPriceFile } from './fileJson'
export { formatMoney } from './format'
export {
  PRICE_FILE_ISSUE_CODES,
  type PriceFileIssue,
  type PriceFileIssueCode,
  type PriceFileIssueValues
} from './issues'
export {
  Currency,
  ImagePrice,
  ModelId,
  ModelPrice,
  PriceTable,
  SecondPrice,
  TokenPrice,
  VideoPrice,
  MAX_MODEL_ID_CHARS,
  MAX_MODELS,
  MAX_SIZES,
  PRICE_TABLE_VERSION,
  PRICE_UNITS,
  type ModelPriceFile,
  type PriceTableFile,
  type PriceUnit
} from './prices'
export { MAX_ISSUES, MAX_PRICE_FILE_CHARS, type PriceImport } from './problems'
export { requestFacts, type RequestFacts } from './request'
export { normalizeSize } from './sizes'
export { reportedTokens, type ReportedTokens } from './usage'
