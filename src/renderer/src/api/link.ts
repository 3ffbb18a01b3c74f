import type { TFunction } from 'i18next'
import type { Transport } from '@shared/client'
import { currentT } from '../ui/words'

/**
 * Whether the renderer can reach the backend. `lost`: the web host stopped or was killed (or an
 * IPC call failed); `refused`: the web host answers again but no longer accepts this tab's address (it was
 * started with a new token). Both are retried with backoff; `open` again means the state was re-read.
 * `reason` is said in the language in use when the link broke (the language cannot change while it is
 * broken: the setting is the backend's).
 */
export type LinkStatus =
  { state: 'open' } | { state: 'lost' | 'refused'; since: number; reason: string; retryAt: number | null }

export interface LinkedTransport extends Transport {
  onLink: (listener: (status: LinkStatus) => void) => () => void
  /** Skips the wait of the backoff and tries to reach the backend now. */
  reconnectNow: () => void
}

/** What a command sent while the backend cannot be reached answers: it was not sent. */
export const notSentMessage = (t: TFunction = currentT): string => t('ui.link.notSent')

/** What a command in flight when the link broke answers: it may or may not have been done. */
export const cutOffMessage = (t: TFunction = currentT): string => t('ui.link.cutOff')

/** The same two in English. */
export const NOT_SENT_MESSAGE = currentT('ui.link.notSent', { lng: 'en' })
export const CUT_OFF_MESSAGE = currentT('ui.link.cutOff', { lng: 'en' })

/** Backoff of reconnection attempts: fast at first (a restart takes a second or two), then every 5 s. */
export function nextDelay(previous: number | null): number {
  return previous === null ? 250 : Math.min(previous * 2, 5_000)
}

/** A small observable for link statuses, shared by both transports. */
export function linkSignal(): {
  get: () => LinkStatus
  set: (status: LinkStatus) => void
  subscribe: (listener: (status: LinkStatus) => void) => () => void
} {
  let current: LinkStatus = { state: 'open' }
  const listeners = new Set<(status: LinkStatus) => void>()
  return {
    get: () => current,
    set: (status) => {
      current = status
      for (const listener of listeners) listener(status)
    },
    subscribe: (listener) => {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    }
  }
}
