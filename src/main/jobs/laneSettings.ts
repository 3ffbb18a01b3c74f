import { descriptorOf } from '../../shared/gateway/endpoints'
import { LANE_ENDPOINTS, type LaneSetInput, type LaneView } from '../../shared/schemas/lanes'
import { laneKey } from './lanes'
import type { LaneLimitStore } from './laneLimits'
import { defaultLaneLimits, type EnginePolicy } from './policy'
import type { Scheduler } from './scheduler'

/**
 * The lanes as Settings shows them: each endpoint of a profile with its limits (the user's or the
 * defaults) and what it is doing now. A change is written, then applies to the lane's next send.
 */
export class LaneSettings {
  constructor(
    private readonly deps: {
      scheduler: Scheduler
      store: LaneLimitStore | undefined
      policy: EnginePolicy
      /** Wall-clock ms, for when a held lane opens again. */
      now: () => number
    }
  ) {}

  list(profileId: string): LaneView[] {
    return LANE_ENDPOINTS.map((endpoint) => this.view(profileId, endpoint))
  }

  set(input: LaneSetInput): LaneView {
    const { store, scheduler } = this.deps
    if (!store) throw new Error('lane limits are not kept in this engine')
    store.set(input.profileId, input.endpoint, input.limits)
    // A higher limit may let waiting sends go now.
    scheduler.pump()
    return this.view(input.profileId, input.endpoint)
  }

  private view(profileId: string, endpoint: LaneView['endpoint']): LaneView {
    const kind = descriptorOf(endpoint).jobKind
    const defaults = defaultLaneLimits(this.deps.policy, kind)
    const custom = this.deps.store?.get(profileId, endpoint) ?? null
    const live = this.deps.scheduler.laneState(laneKey(profileId, endpoint))
    return {
      profileId,
      endpoint,
      kind,
      limits: custom ?? defaults,
      custom: custom !== null,
      defaults,
      running: live.running,
      waiting: live.waiting,
      slowedTo: live.slowedTo,
      holdUntil: live.holdMs > 0 ? this.deps.now() + live.holdMs : null
    }
  }
}
