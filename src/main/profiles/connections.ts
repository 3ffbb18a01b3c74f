import { isLoopbackHost, originOf } from '../../shared/gateway/baseUrl'
import type { ProfileExtras } from '../../shared/gateway/preflight'
import { createGatewayClient, type GatewayClient, type GatewayClientOptions } from '../gateway'
import type { ApiKeyStore } from '../secrets/apiKeys'
import type { ModelCatalogStore } from './catalog'
import type { DemoGateway } from './demoGateway'
import type { ProfileRecord, ProfileRepository } from './repository'

export interface ProfileClient {
  profile: ProfileRecord
  client: GatewayClient
}

/**
 * Hands out one gateway client per profile, built from its address, field map and extras, with the key
 * fetched from the key store at each request. A profile edit drops its client so the next call rebuilds.
 */
export class GatewayConnections {
  private readonly clients = new Map<string, Promise<GatewayClient>>()

  constructor(
    private readonly deps: {
      profiles: ProfileRepository
      keys: ApiKeyStore
      catalog: ModelCatalogStore
      demo: DemoGateway
      clientOptions?: GatewayClientOptions
    }
  ) {}

  async forProfile(profileId?: string): Promise<ProfileClient> {
    const profile = profileId ? this.deps.profiles.get(profileId) : this.deps.profiles.active()
    if (!profile) throw new Error(`No profile ${profileId ?? ''}`)
    let client = this.clients.get(profile.id)
    if (!client) {
      client = this.build(profile)
      this.clients.set(profile.id, client)
      client.catch(() => this.clients.delete(profile.id))
    }
    return { profile, client: await client }
  }

  invalidate(profileId: string): void {
    this.clients.delete(profileId)
  }

  /**
   * What the profile merges into every request of an endpoint, for the pre-flight of a job on it: its extra
   * JSON fields are checked as part of the body. Read fresh, like the client's.
   */
  profileExtras(profileId: string): ProfileExtras | undefined {
    const profile = this.deps.profiles.get(profileId)
    if (!profile) return undefined
    return { name: profile.name, extraFields: profile.extraFields, fieldMap: profile.fieldMap }
  }

  private async build(profile: ProfileRecord): Promise<GatewayClient> {
    const lookupModel = (id: string) => this.deps.catalog.lookup(profile.id, id)
    if (profile.kind === 'demo') {
      const demo = await this.deps.demo.endpoint()
      return createGatewayClient(
        {
          baseUrl: demo.baseUrl,
          authorization: () => Promise.resolve(`Bearer ${demo.apiKey}`),
          fieldMap: profile.fieldMap,
          extraFields: profile.extraFields,
          profileName: profile.name
        },
        { ...this.deps.clientOptions, allowLoopbackHttp: true, lookupModel }
      )
    }
    // http is accepted only for a gateway on this machine (a local emulator or tunnel), never across a network (P29).
    const loopback = isLoopbackHost(new URL(profile.baseUrl).hostname)
    // Every request of this client goes to `${baseUrl}${path}`, so this is the origin the header travels to;
    // the key store hands out the key only if it is bound to it.
    const origin = originOf(profile.baseUrl)
    return createGatewayClient(
      {
        baseUrl: profile.baseUrl,
        authorization: () => this.deps.keys.authorization(profile.id, origin),
        fieldMap: profile.fieldMap,
        extraFields: profile.extraFields,
        profileName: profile.name
      },
      { ...this.deps.clientOptions, allowLoopbackHttp: loopback, lookupModel }
    )
  }
}
