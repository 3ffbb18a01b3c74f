import { useEffect, useMemo, useRef, useState } from 'react'
import type { ApiClient } from '@shared/client'
import type { LastUsed, LastUsedEntry, LastUsedScreen } from '@shared/schemas/lastUsed'
import type { ModelView } from '@shared/schemas/profiles'
import { useConnection } from '../store/app'

export type LastUsedParams = LastUsedEntry['params']

/** How long a screen waits after the last change before telling the backend (one write per burst). */
export const SAVE_AFTER_MS = 300

// Per connection: the remembered choices are read once, and each screen restores them once per session.
const loads = new WeakMap<ApiClient, Promise<LastUsed>>()
const restored = new WeakMap<ApiClient, Set<LastUsedScreen>>()

function loadOnce(api: ApiClient): Promise<LastUsed> {
  let load = loads.get(api)
  if (!load) {
    load = api.call('ui.lastUsed.get', {}).then((result) => (result.ok ? result.value : {}))
    loads.set(api, load)
  }
  return load
}

export interface LastUsedOptions {
  /** The listing of the gateway in use has arrived: a remembered model it leaves out is really gone. */
  models: readonly ModelView[]
  ready: boolean
  /**
   * The screen still holds its defaults (nothing handed to it, nothing typed): only then is the memory
   * put back, so a Remix or an image handed over before the screen opened is never overwritten.
   */
  pristine: boolean
  /**
   * Puts the remembered choice back; `model` is null when the gateway in use no longer lists the one
   * remembered (`remembered`, for the notice that says so): the parameters still come back.
   */
  restore: (model: string | null, params: LastUsedParams, remembered: string) => void
}

/**
 * Each screen remembers its last model and parameters across restarts. The backend keeps them
 * (the web host's origin changes per launch, so browser storage would forget): read once when the screen
 * first opens and put back once the listing is in, then every change is saved shortly after it is made.
 * Nothing is saved before the memory was put back, so the defaults a screen starts with never overwrite it.
 */
export function useLastUsed(
  screen: LastUsedScreen,
  current: { model: string | null; params: LastUsedParams },
  { models, ready, pristine, restore }: LastUsedOptions
): void {
  const { api } = useConnection()
  const done = useMemo(() => {
    const set = restored.get(api) ?? new Set<LastUsedScreen>()
    restored.set(api, set)
    return set
  }, [api])
  // Whether the memory was put back (or found empty) this session: saving waits for it.
  const [back, setBack] = useState(() => done.has(screen))
  const pristineAtOpen = useRef(pristine)
  const latest = useRef({ restore, models })
  useEffect(() => {
    latest.current = { restore, models }
  })

  useEffect(() => {
    if (done.has(screen)) return
    if (!ready) return
    let live = true
    void loadOnce(api).then((memory) => {
      if (!live || done.has(screen)) return
      done.add(screen)
      setBack(true)
      const entry = memory[screen]
      if (!entry || !pristineAtOpen.current) return
      const known = latest.current.models.some((m) => m.id === entry.model)
      latest.current.restore(known ? entry.model : null, entry.params, entry.model)
    })
    return () => {
      live = false
    }
  }, [api, screen, ready, done])

  const snapshot = JSON.stringify(current)
  const saved = useRef<string | null>(null)
  const { model, params } = current
  useEffect(() => {
    // Not before the memory is back, nor while no model is chosen (a screen that let go of one).
    if (!back || !model || saved.current === snapshot) return
    const timer = setTimeout(() => {
      saved.current = snapshot
      void api.call('ui.lastUsed.remember', { screen, model, params })
    }, SAVE_AFTER_MS)
    return () => clearTimeout(timer)
    // `snapshot` stands for `params`, which a screen builds anew at each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api, screen, back, model, snapshot])
}
