import { create } from 'zustand'

/** done, failed, waiting for the user's word, or plain information. */
export type NotificationTone = 'ok' | 'error' | 'attention' | 'info'

export interface AppNotification {
  /** Same id again replaces the earlier one (a job that finishes twice is one line). */
  id: string
  tone: NotificationTone
  title: string
  body: string
  at: number
  /** Seen in the list: only unseen failures and "needs attention" count on the bell. */
  read: boolean
  /** The one thing to do about it ("Open", "Show in Queue"): also closes the toast and the list. */
  action?: { label: string; run: () => void }
}

/** How long a toast stays: good news briefly, a failure a little longer (it also stays in the list). */
export const TOAST_MS: Record<NotificationTone, number> = {
  ok: 8_000,
  info: 5_000,
  attention: 9_000,
  error: 9_000
}
export const MAX_NOTIFICATIONS = 50
export const MAX_TOASTS = 3

interface NotificationsState {
  items: AppNotification[]
  /** Ids shown as toasts right now, oldest first. */
  toasts: string[]
  /** Good news and information are not kept in the list: their toasts read from here while shown. */
  passing: Record<string, AppNotification>
  listOpen: boolean
  notify: (notification: Omit<AppNotification, 'read' | 'at'> & { at?: number }) => void
  hideToast: (id: string) => void
  dismiss: (id: string) => void
  clear: () => void
  setListOpen: (open: boolean) => void
}

/**
 * Notifications of the whole app. Every one shows briefly as a toast in the sidebar's foot,
 * where it covers no control and never the composer; each toast goes by itself. Failures and "needs
 * attention" also stay in the list behind the bell, counted until seen, until dismissed.
 */
export const useNotificationsStore = create<NotificationsState>()((set) => ({
  items: [],
  toasts: [],
  passing: {},
  listOpen: false,
  notify: ({ at, ...notification }) =>
    set((state) => {
      const item: AppNotification = { ...notification, at: at ?? Date.now(), read: state.listOpen }
      const kept = notification.tone === 'error' || notification.tone === 'attention'
      const others = state.items.filter((other) => other.id !== item.id)
      const passing = { ...state.passing }
      if (kept) delete passing[item.id]
      else passing[item.id] = item
      return {
        items: kept ? [item, ...others].slice(0, MAX_NOTIFICATIONS) : others,
        toasts: [...state.toasts.filter((id) => id !== item.id), item.id].slice(-MAX_TOASTS),
        passing
      }
    }),
  hideToast: (id) =>
    set((state) => {
      const passing = { ...state.passing }
      delete passing[id]
      return { toasts: state.toasts.filter((other) => other !== id), passing }
    }),
  dismiss: (id) =>
    set((state) => {
      const passing = { ...state.passing }
      delete passing[id]
      return {
        items: state.items.filter((item) => item.id !== id),
        toasts: state.toasts.filter((other) => other !== id),
        passing
      }
    }),
  clear: () => set({ items: [], toasts: [], passing: {} }),
  setListOpen: (listOpen) =>
    set((state) => ({
      listOpen,
      // Opening the list is seeing what is in it.
      items: listOpen ? state.items.map((item) => (item.read ? item : { ...item, read: true })) : state.items
    }))
}))

/** The notification behind a toast id: from the list, or a passing one. */
export const selectToastItem =
  (id: string) =>
  (state: NotificationsState): AppNotification | undefined =>
    state.items.find((item) => item.id === id) ?? state.passing[id]

export const selectUnread = (state: NotificationsState): number =>
  state.items.filter((item) => !item.read).length

/** Shorthand for features: `notify({...})` without reaching into the store. */
export const notify = (notification: Parameters<NotificationsState['notify']>[0]): void =>
  useNotificationsStore.getState().notify(notification)
