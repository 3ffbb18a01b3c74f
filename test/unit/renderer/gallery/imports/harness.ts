import { bridgeGallery } from '@renderer/features/gallery/bridge'
import { useImportsStore } from '@renderer/features/gallery/imports/store'
import { EMPTY_SELECTION } from '@renderer/features/gallery/selection'
import { EMPTY_FORM, useGalleryStore } from '@renderer/features/gallery/store'
import { useAppStore } from '@renderer/store/app'
import { createApiClient } from '@shared/client'
import type { CommandName } from '@shared/contract'
import type { AppError } from '@shared/result'
import type { GalleryItem } from '@shared/schemas/gallery'
import type { ImportProgress } from '@shared/schemas/imports'
import { facetsOf } from '../fixtures'
import { testInfo, testSettings } from '../../connection'

type Handler = (input: Record<string, unknown>) => unknown

/** What a handler returns for the backend to refuse the command with `error`. */
export class Refusal {
  constructor(readonly error: AppError) {}
}

export interface Backend {
  calls: { name: string; input: Record<string, unknown> }[]
  /** Pushes a contract event to the renderer, as the backend does. */
  emit: (name: string, payload: unknown) => void
  off: () => void
}

export const item = (i: number): GalleryItem => ({
  id: `r${i}`,
  jobId: `j${i}`,
  mediaId: String(i).padStart(32, '0'),
  width: 1024,
  height: 1024,
  model: 'studio-image-v3',
  prompt: `prompt ${i}`,
  favorite: false,
  rating: 0,
  createdAt: 1_000_000 - i
})

/**
 * The gallery wired to a scripted backend: a small gallery of `images` images unless `handlers` answer
 * otherwise; a handler that returns a `Refusal` fails the command. Events flow through the gallery's bridge.
 */
export function connect(handlers: Partial<Record<CommandName, Handler>> = {}, images = 3): Backend {
  const calls: Backend['calls'] = []
  const listeners = new Set<(name: string, payload: unknown) => void>()
  const all: Partial<Record<CommandName, Handler>> = {
    'gallery.query': () => ({
      items: Array.from({ length: images }, (_, i) => item(i)),
      nextCursor: null,
      matching: images
    }),
    'gallery.facets': () => facetsOf(images),
    'gallery.exports': () => [],
    'gallery.imports': () => [],
    'boards.list': () => [],
    ...handlers
  }
  const api = createApiClient({
    invoke: async (name, input) => {
      calls.push({ name, input: input as Record<string, unknown> })
      const handler = all[name]
      if (!handler) return { ok: false, error: { code: 'test', message: `${name} not stubbed` } }
      const value = await handler(input as Record<string, unknown>)
      return value instanceof Refusal ? { ok: false, error: value.error } : { ok: true, value }
    },
    subscribe: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    }
  })
  const connection = { api, host: 'web' as const, mediaUrl: (id: string) => `/media/${id}` }
  useAppStore.getState().setConnection(connection, testInfo({ version: '1' }), testSettings())
  useGalleryStore.setState({
    tab: 'images',
    form: EMPTY_FORM,
    items: [],
    pages: {},
    visible: [0, 0],
    matching: null,
    nextCursor: null,
    stale: true,
    loading: false,
    error: null,
    selection: EMPTY_SELECTION,
    anchor: null,
    detailId: null,
    dialog: null,
    notice: null,
    exports: {}
  })
  useImportsStore.setState({ folders: {}, files: null, filesError: null })
  const off = bridgeGallery(connection)
  return {
    calls,
    emit: (name, payload) => listeners.forEach((listener) => listener(name, payload)),
    off
  }
}

/** A folder import's progress, running and just started unless `patch` says otherwise. */
export const progressOf = (patch: Partial<ImportProgress> = {}): ImportProgress => ({
  importId: 'i1',
  folder: '/home/me/Pictures/old',
  status: 'running',
  total: 0,
  done: 0,
  counted: false,
  added: 0,
  skipped: 0,
  skippedFiles: [],
  error: null,
  startedAt: 1,
  finishedAt: null,
  ...patch
})

/** A file of `bytes` bytes (their values 0, 1, 2, … 255, 0, …) named `name`. */
export function fileOf(name: string, bytes = 16, type = 'image/png'): File {
  return new File([Uint8Array.from({ length: bytes }, (_, i) => i % 256)], name, { type })
}

/** A promise and the functions that settle it, for answers the test releases when it chooses. */
export function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve: (value: T) => void = () => undefined
  const promise = new Promise<T>((settle) => {
    resolve = settle
  })
  return { promise, resolve }
}
