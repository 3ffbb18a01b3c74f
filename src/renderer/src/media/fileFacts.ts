import type { TFunction } from 'i18next'
import { numberWords } from '../ui/words'

/** The file's weight: MB with one decimal above a megabyte, else whole KB (the symbols are the same everywhere). */
const sizeOfFile = (bytes: number | null, t: TFunction): string =>
  bytes === null
    ? ''
    : bytes > 1024 * 1024
      ? `${numberWords(t, bytes / 1024 / 1024, { minimumFractionDigits: 1, maximumFractionDigits: 1 })} MB`
      : `${numberWords(t, Math.ceil(bytes / 1024))} KB`

const kindOf = (mime: string): string => (mime.split('/')[1] ?? mime).toUpperCase()

/** The stage's size line: "2048×1152 · PNG · 65 KB" (the format and weight once the file is known). */
export function sizeLine(
  file: {
    width: number | null
    height: number | null
    sizeLabel?: string | null
    mime: string | null
    bytes: number | null
  },
  t: TFunction
): string {
  const size = file.width && file.height ? `${file.width}×${file.height}` : (file.sizeLabel ?? '—')
  return file.mime ? `${size} · ${kindOf(file.mime)} · ${sizeOfFile(file.bytes, t)}` : size
}
