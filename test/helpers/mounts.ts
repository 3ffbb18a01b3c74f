import { execFileSync } from 'node:child_process'
import { mkdirSync } from 'node:fs'

/**
 * Small or read-only file systems for the disk-fault tests (P47), made the way a user's disk would be:
 * a tmpfs of a few MB fills up for real, a read-only bind mount refuses writes for real (even to root,
 * which file modes do not stop). Mounting needs root, which CI has; elsewhere these tests say so and skip.
 */
export function canMount(): boolean {
  if (process.getuid?.() !== 0) return false
  try {
    execFileSync('mount', ['--version'], { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
}

export function mountTmpfs(dir: string, sizeBytes: number): () => void {
  mkdirSync(dir, { recursive: true })
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${sizeBytes},mode=0755`, 'tmpfs', dir])
  return () => execFileSync('umount', ['-l', dir])
}

/** `source` seen again at `target`, read-only. */
export function bindReadOnly(source: string, target: string): () => void {
  mkdirSync(target, { recursive: true })
  execFileSync('mount', ['--bind', source, target])
  execFileSync('mount', ['-o', 'remount,bind,ro', target])
  return () => execFileSync('umount', ['-l', target])
}

/** Fills the file system holding `file` until it refuses another byte; returns how much was written. */
export function fillDisk(file: string): number {
  // dd stops with "No space left on device" and a non-zero status, which is the point.
  try {
    execFileSync('dd', ['if=/dev/zero', `of=${file}`, 'bs=64k'], { stdio: 'ignore' })
  } catch {
    // expected
  }
  return Number(execFileSync('stat', ['-c', '%s', file]).toString().trim())
}
