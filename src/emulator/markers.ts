/**
 * Prompt markers: `[[name]]` or `[[name=value]]` anywhere in a prompt steer the emulator
 * (documented in README.md). They are removed from text the emulator echoes back.
 */
export function marker(text: string, name: string): string | undefined {
  const m = new RegExp(`\\[\\[${name}(?:=([^\\]]*))?\\]\\]`).exec(text)
  return m ? (m[1] ?? '') : undefined
}

export function hasMarker(text: string, name: string): boolean {
  return marker(text, name) !== undefined
}

export function stripMarkers(text: string): string {
  return text
    .replace(/\[\[[a-z_]+(?:=[^\]]*)?\]\]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
}

/** `[[name=1,3]]` as numbers; empty when absent or not numeric. */
export function markerNumbers(text: string, name: string): number[] {
  const value = marker(text, name)
  if (value === undefined) return []
  return value
    .split(',')
    .map((v) => Number.parseInt(v, 10))
    .filter((n) => Number.isInteger(n) && n >= 0)
}
