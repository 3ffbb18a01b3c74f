import { withoutBom, type Source, type SourceRow } from './source'

/** Typed prompts or a .txt file: one prompt a line, trimmed; blank lines are skipped but still counted. */
export function readLines(text: string): Source {
  const rows: SourceRow[] = []
  withoutBom(text)
    .split(/\r\n|\n|\r/)
    .forEach((raw, index) => {
      const prompt = raw.trim()
      if (prompt !== '') rows.push({ line: index + 1, prompt })
    })
  return { rows, issues: [], modelColumn: false }
}
