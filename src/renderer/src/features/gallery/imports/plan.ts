import { IMPORT_MAX_BYTES } from '@shared/schemas/library'

/** `gallery.importFiles` takes at most this many files per call (ImportFilesInput). */
export const FILES_PER_CALL = 20
/** …and at most this much base64 per call: 48 MB of files. */
export const BASE64_PER_CALL = 64 * 1024 * 1024

/** The length of `bytes` bytes in base64. */
export const base64Length = (bytes: number): number => Math.ceil(bytes / 3) * 4

/** Whether a file is sent without its bytes: the backend then lists it as too large. */
export const tooLarge = (file: { size: number }): boolean => file.size > IMPORT_MAX_BYTES

/**
 * The files in calls the contract takes, in their order: a call closes at 20 files or when the next file's
 * base64 would take it over 64 MB. A file too large to send weighs nothing (it goes as its name).
 */
export function planCalls<T extends { size: number }>(files: readonly T[]): T[][] {
  const calls: T[][] = []
  let call: T[] = []
  let weight = 0
  for (const file of files) {
    const size = tooLarge(file) ? 0 : base64Length(file.size)
    if (call.length > 0 && (call.length >= FILES_PER_CALL || weight + size > BASE64_PER_CALL)) {
      calls.push(call)
      call = []
      weight = 0
    }
    call.push(file)
    weight += size
  }
  if (call.length > 0) calls.push(call)
  return calls
}
