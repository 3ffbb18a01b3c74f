import { z } from 'zod'
import { Empty } from '../schemas/app'
import {
  ConnectionTest,
  KeyProtection,
  ModelCatalog,
  ModelsQuery,
  ProfileCreateInput,
  ProfileId,
  ProfileRef,
  ProfileUpdateInput,
  ProfileView,
  SetKeyInput
} from '../schemas/profiles'

export const profileCommands = {
  'profiles.list': { input: Empty, output: z.array(ProfileView) },
  'profiles.create': { input: ProfileCreateInput, output: ProfileView },
  'profiles.update': { input: ProfileUpdateInput, output: ProfileView },
  'profiles.delete': { input: ProfileRef, output: z.object({ deleted: z.boolean() }) },
  'profiles.activate': { input: ProfileRef, output: ProfileView },
  'profiles.testConnection': { input: ProfileRef, output: ConnectionTest },
  'secrets.protection': { input: Empty, output: KeyProtection },
  'secrets.setKey': { input: SetKeyInput, output: ProfileView },
  'secrets.clearKey': { input: ProfileRef, output: ProfileView },
  'models.list': { input: ModelsQuery, output: ModelCatalog },
  'models.refresh': { input: z.object({ profileId: ProfileId.optional() }).strict(), output: ModelCatalog }
} as const satisfies Record<string, { input: z.ZodType; output: z.ZodType }>

export const profileEvents = {
  'profiles.changed': z.array(ProfileView),
  'models.changed': ModelCatalog
} as const satisfies Record<string, z.ZodType>
