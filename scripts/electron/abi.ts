import { existsSync, readFileSync } from 'node:fs'

/**
 * The NODE_MODULE_VERSION (ABI) a compiled Node addon was built for, read from the file itself: a
 * non-N-API addon exports `node_register_module_v<ABI>` (with a leading `_` on macOS), and that name is
 * in the binary's symbol or export table on every platform. A stamp file next to the build can lie
 * (a build pointed at Node's headers still "succeeds"); the symbol cannot.
 *
 * Returns null when no such symbol is found (not an addon, or an N-API one) or when two disagree.
 */
export function addonAbi(bytes: Uint8Array): number | null {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1')
  const found = new Set<number>()
  for (const match of text.matchAll(/node_register_module_v(\d{1,4})/g)) found.add(Number(match[1]))
  return found.size === 1 ? [...found][0]! : null
}

/** `addonAbi` of a file on disk; null when the file is missing. */
export function addonAbiOfFile(file: string): number | null {
  return existsSync(file) ? addonAbi(readFileSync(file)) : null
}
