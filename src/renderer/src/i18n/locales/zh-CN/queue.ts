import type { Catalog } from '../catalog'
import type { queue as en } from '../en/queue'

/** 简体中文: the queue area. */
export const queue: Catalog<typeof en> = {}
