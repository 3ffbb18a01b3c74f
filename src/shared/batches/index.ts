/**
 * Batches: prompts × models × seeds × sizes expanded into job requests, pure so the renderer's live
 * preview and the backend's submit run the same code (docs/ARCHITECTURE.md §3).
 */
export {
  expandBatch,
  type BatchContext,
  type BatchCount,
  type BatchExpansion,
  type BatchModel,
  type BatchRow,
  type BatchSummary
} from './expand'
export { guessMapping } from './csv'
export { fieldNamesOf } from './fields'
export {
  BATCH_AXES,
  BATCH_ISSUE_CODES,
  isBatchIssue,
  type BatchAxis,
  type BatchIssue,
  type BatchIssueCode,
  type BatchIssueValues,
  type RowIssue
} from './issues'
export { sourceKindOf } from './source'
export * from './spec'
