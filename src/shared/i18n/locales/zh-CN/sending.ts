import type { Catalog } from '../catalog'
import type { sending as en } from '../en/sending'

export const sending: Catalog<typeof en> = {
  title: '发送',
  intro:
    '每个接口同时向这个网关发送多少个请求，以及每分钟最多开始多少个。队列会遵守这些限制。如果网关仍然要求放慢，队列会按要求等待，并在一段时间内减少同时发送的数量，不会让任何任务失败。',
  table: '各接口的限制',
  endpoint: '接口',
  atOnce: '同时',
  perMinute: '每分钟',
  noLimit: '不限',
  now: '当前',
  save: '保存',
  useDefaults: '恢复默认',
  yours: '已自定义',
  defaults: '默认：同时 {{atOnce}} 个，每分钟不限',
  idle: '没有等待的任务',
  busy: '{{running}} 个发送中 · {{waiting}} 个等待中',
  held: '网关要求等到 {{time}}',
  slowed: '网关要求放慢，已降为同时 {{count}} 个',
  atOnceFor: '{{endpoint}} 同时发送数',
  perMinuteFor: '{{endpoint}} 每分钟发送数',
  invalid: '“同时”须为 1 到 32 的整数；“每分钟”须为 1 到 10,000 的整数，留空表示不限。'
}
