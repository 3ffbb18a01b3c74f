import { DEMO_TIMING, startEmulator, type RunningEmulator, type Timing } from '../../emulator'
import { isLoopbackHost } from '../../shared/gateway/baseUrl'
import type { LoopbackAllowance } from '../library/urlPolicy'
import type { ProfileRecord } from './repository'

export interface DemoEndpoint {
  baseUrl: string
  apiKey: string
}

/**
 * The built-in demo gateway: the project's emulator, started in-process on a free loopback port the first
 * time the demo profile is used. Its key is the emulator's own demo key; it never touches the key store.
 */
export class DemoGateway {
  private running: Promise<RunningEmulator> | null = null
  private started: RunningEmulator | null = null

  constructor(private readonly timing: Partial<Timing> = DEMO_TIMING) {}

  async endpoint(): Promise<DemoEndpoint> {
    // No control API: with it, any web page could post to this loopback port and script the demo's
    // replies and result URLs (the app itself never drives its demo).
    this.running ??= startEmulator({ timing: this.timing, control: false }).then((emulator) => {
      this.started = emulator
      return emulator
    })
    const emulator = await this.running
    return { baseUrl: emulator.baseUrl, apiKey: emulator.keys.ordinary }
  }

  /** `http://127.0.0.1:PORT` once the demo runs, else null: it has handed out no result URL yet. */
  origin(): string | null {
    return this.started?.origin ?? null
  }

  async stop(): Promise<void> {
    const running = this.running
    this.running = null
    if (running) await (await running).stop()
    this.started = null
  }
}

/**
 * RELIABILITY P30: the loopback downloads a profile's results may make. The demo gateway hosts its own
 * files, so its results come from its own origin only (before it runs: none). A gateway the user runs on
 * this machine may point at any loopback address; any other gateway, at none.
 */
export function downloadAllowanceFor(
  profile: Pick<ProfileRecord, 'kind' | 'baseUrl'>,
  demo: DemoGateway
): LoopbackAllowance {
  if (profile.kind === 'demo') {
    const origin = demo.origin()
    return origin === null ? false : { origin }
  }
  try {
    return isLoopbackHost(new URL(profile.baseUrl).hostname)
  } catch {
    return false
  }
}
