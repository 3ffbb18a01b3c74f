/**
 * Constants the gateway interface states for every endpoint alike (draft 0.1.0; summarised in
 * docs/GATEWAY.md). Each endpoint's own paths and limits live in its descriptor (`endpoints/`); `spec.ts`
 * gathers the paths of all of them.
 */

export const MODEL_ENDPOINT_MISMATCH = 'model_endpoint_mismatch'

export const TASK_STATUSES = ['queued', 'running', 'succeeded', 'failed', 'cancelled', 'expired'] as const
export type TaskStatus = (typeof TASK_STATUSES)[number]
export const TERMINAL_TASK_STATUSES: readonly TaskStatus[] = ['succeeded', 'failed', 'cancelled', 'expired']

/** `<width>x<height>` with positive integers. */
export const SIZE_WXH = /^([1-9]\d*)x([1-9]\d*)$/
