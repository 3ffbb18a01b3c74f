import { create } from 'zustand'
import type { AppError } from '@shared/result'
import type { ImportProgress } from '@shared/schemas/imports'

/** Files picked, dropped or pasted on their way in: the one being read or sent, of how many. */
export interface FilesProgress {
  /** The file being read or waiting for its call's answer (1-based). */
  at: number
  /** Files whose call has answered. */
  done: number
  total: number
}

interface ImportsState {
  /** Folder imports running in the backend, and finished ones until dismissed. */
  folders: Record<string, ImportProgress>
  files: FilesProgress | null
  /** Why the last run of files stopped before its end; shown until the next run or dismissed. */
  filesError: AppError | null
  upsertFolder: (progress: ImportProgress) => void
  dismissFolder: (importId: string) => void
  setFiles: (files: FilesProgress | null) => void
  setFilesError: (error: AppError | null) => void
}

/** Imports into the gallery, outside the screen so a running one survives navigation. */
export const useImportsStore = create<ImportsState>()((set) => ({
  folders: {},
  files: null,
  filesError: null,
  upsertFolder: (progress) =>
    set((state) => {
      const known = state.folders[progress.importId]
      // Events can overtake the command's answer: never step back from a finished state or to fewer files.
      if (known && known.status !== 'running' && progress.status === 'running') return state
      if (known && progress.status === 'running' && progress.done < known.done) return state
      return { folders: { ...state.folders, [progress.importId]: progress } }
    }),
  dismissFolder: (importId) =>
    set((state) => {
      const folders = { ...state.folders }
      delete folders[importId]
      return { folders }
    }),
  setFiles: (files) => set({ files }),
  setFilesError: (filesError) => set({ filesError })
}))
