import { events, type EventName, type EventPayload } from '../../shared/contract'

export type EventListener = (name: EventName, payload: unknown) => void

export interface EventBus {
  emit<K extends EventName>(name: K, payload: EventPayload<K>): void
  subscribe(listener: EventListener): () => void
}

/** Payloads are checked against the contract on the way out, so a shell never forwards a malformed event. */
export function createEventBus(onInvalid?: (name: EventName, error: unknown) => void): EventBus {
  const listeners = new Set<EventListener>()
  return {
    emit(name, payload) {
      const parsed = events[name].safeParse(payload)
      if (!parsed.success) {
        onInvalid?.(name, parsed.error)
        return
      }
      for (const listener of listeners) {
        try {
          listener(name, parsed.data)
        } catch (error) {
          onInvalid?.(name, error)
        }
      }
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    }
  }
}
