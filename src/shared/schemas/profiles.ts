import { z } from 'zod'
import { ExtraFields, FieldMap } from '../gateway/fieldMap'
import { ErrorWordsSchema } from '../result'

export const ProfileId = z.string().min(1).max(64)

/**
 * Why a profile has no key although it had one: its address moved to another origin, and a key belongs to
 * the origin it was entered for. `origin` is where the profile points now, i.e. whose key to ask for.
 */
export const KeyRemoved = z.object({ reason: z.literal('origin_changed'), origin: z.string() })
export type KeyRemoved = z.output<typeof KeyRemoved>

/** The words of the Settings notice and of the refusal to call the new server without its key. */
export const keyRemovedMessage = (origin: string): string =>
  `The key was removed because the gateway address moved to another server. Enter the key for ${origin}.`

/** A gateway profile that has no key: nothing is sent, since the gateway would only answer 401. */
export const noKeyMessage = (origin: string): string =>
  `No API key is set for this gateway. Enter the key for ${origin} in Settings › Gateways.`

/** Defence in depth: a key found bound to another origin than the one being called is not sent. */
export const keyElsewhereMessage = (origin: string): string =>
  `The stored key belongs to another server than this gateway address. Enter the key for ${origin}.`

/** What the renderer may know of a profile: never the key, only whether there is one and its last 4. */
export const ProfileView = z.object({
  id: ProfileId,
  kind: z.enum(['demo', 'remote']),
  name: z.string(),
  baseUrl: z.string(),
  fieldMap: FieldMap,
  extraFields: ExtraFields,
  active: z.boolean(),
  hasKey: z.boolean(),
  keyLast4: z.string().nullable(),
  /** Set once an address change to another origin removed the key, until a key is entered or cleared. */
  keyRemoved: KeyRemoved.nullable()
})
export type ProfileView = z.output<typeof ProfileView>

const Name = z.string().trim().min(1, 'Give the profile a name').max(80, 'Keep the name under 80 characters')

export const ProfileCreateInput = z
  .object({
    name: Name,
    baseUrl: z.string().trim().min(1, 'Enter the gateway address').max(2048),
    fieldMap: z.unknown().optional(),
    extraFields: z.unknown().optional(),
    activate: z.boolean().optional()
  })
  .strict()

export const ProfileUpdateInput = z
  .object({
    id: ProfileId,
    name: Name.optional(),
    baseUrl: z.string().trim().min(1).max(2048).optional(),
    fieldMap: z.unknown().optional(),
    extraFields: z.unknown().optional()
  })
  .strict()

export const ProfileRef = z.object({ id: ProfileId }).strict()

export const KeyProtection = z.object({
  protection: z.enum(['os', 'weak']),
  /** English, for a client that does not know `words`' code. */
  description: z.string(),
  words: ErrorWordsSchema
})
export type KeyProtection = z.infer<typeof KeyProtection>

export const SetKeyInput = z
  .object({
    profileId: ProfileId,
    apiKey: z.string().trim().min(8, 'That key looks too short').max(512),
    /** The user has read that this machine offers only weak protection and stores the key anyway. */
    acceptWeakProtection: z.boolean().optional()
  })
  .strict()

export const ModelView = z.object({
  id: z.string(),
  ownedBy: z.string().nullable(),
  supportedEndpoints: z.array(z.string()),
  billingUnit: z.string().nullable()
})
export type ModelView = z.output<typeof ModelView>

export const ModelCatalog = z.object({
  profileId: ProfileId,
  models: z.array(ModelView),
  /** Unix ms of the listing this came from; null when it was never fetched. */
  fetchedAt: z.number().nullable()
})
export type ModelCatalog = z.output<typeof ModelCatalog>

export const ModelsQuery = z
  .object({
    profileId: ProfileId.optional(),
    /** Only models whose supported_endpoints include this path. */
    endpoint: z.string().optional()
  })
  .strict()

export const ConnectionTest = z.object({ modelCount: z.number().int(), catalog: ModelCatalog })
