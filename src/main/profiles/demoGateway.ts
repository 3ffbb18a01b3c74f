import { DEMO_TIMING, startEmulator, type RunningEmulator, type Timing } from '../../emulator'

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

  constructor(private readonly timing: Partial<Timing> = DEMO_TIMING) {}

  async endpoint(): Promise<DemoEndpoint> {
    // No control API: with it, any web page could post to this loopback port and script the demo's
    // replies and result URLs (the app itself never drives its demo).
    this.running ??= startEmulator({ timing: this.timing, control: false })
    const emulator = await this.running
    return { baseUrl: emulator.baseUrl, apiKey: emulator.keys.ordinary }
  }

  async stop(): Promise<void> {
    const running = this.running
    this.running = null
    if (running) await (await running).stop()
  }
}
