import type { Catalog } from './catalog'
import type { en } from './en'
import { chat } from './zh-CN/chat'
import { images } from './zh-CN/images'
import { compare } from './zh-CN/compare'
import { edit } from './zh-CN/edit'
import { video } from './zh-CN/video'
import { queue } from './zh-CN/queue'
import { gallery } from './zh-CN/gallery'
import { media } from './zh-CN/media'
import { ui } from './zh-CN/ui'
import { errors } from './zh-CN/errors'
import { batches } from './zh-CN/batches'
import { sending } from './zh-CN/sending'
import { money } from './zh-CN/money'
import { locations } from './zh-CN/locations'

/**
 * 简体中文. Written for designers, in the words Chinese creative tools use (生成、编辑、图库、队列、网关),
 * not word for word from the English. Model ids, prompts and the gateway's own text are never translated.
 */
export const zhCN: Catalog<typeof en> = {
  chat,
  images,
  compare,
  edit,
  video,
  queue,
  gallery,
  media,
  ui,
  errors,
  batches,
  sending,
  money,
  app: {
    name: 'Gateway Studio',
    startFailed: 'Gateway Studio 无法启动',
    cli: {
      inUse: '请使用已经在运行的 Gateway Studio，或用 --data-dir 为这一个指定另一个文件夹。',
      backup:
        '{{path}} 中有 {{date}} 的数据库备份：加上 --restore-backup 启动即可打开它（现在的文件会被另存一旁）。',
      otherFolder: '或者用 --data-dir 指定另一个文件夹，在那里开始一个新的图库。'
    },
    desktop: {
      openBackup: '打开 {{date}} 的备份',
      otherFolder: '选择其他文件夹…',
      quit: '退出'
    }
  },
  nav: {
    main: '主导航',
    chat: '对话',
    images: '生图',
    compare: '对比',
    edit: '编辑',
    video: '视频',
    queue: '队列',
    gallery: '图库',
    settings: '设置'
  },
  connection: {
    refused: '此标签页的地址已不再被接受',
    lostSince: '自 {{time}} 起与 Gateway Studio 的连接已断开',
    paused: '需要连接的操作已暂停，不会丢失任何内容。',
    retryIn: '{{seconds}} 秒后重试。',
    retrying: '正在重试…',
    tryNow: '立即重试',
    restored: {
      title: '连接已恢复',
      body: '页面上的内容都已重新载入。'
    }
  },
  storage: {
    full: '磁盘已满',
    readOnly: '磁盘是只读的',
    io: '磁盘无法写入'
  },
  notifications: {
    title: '通知',
    unseen_other: '通知，{{count}} 条未读',
    list: '通知列表',
    clearAll: '全部清除',
    empty: '这里还没有内容。失败的任务和需要你处理的任务会保留在这里。',
    hideKept: '隐藏（仍保留在铃铛中）',
    dismiss: '关闭',
    dismissItem: '关闭：{{title}}'
  },
  settings: {
    title: '设置',
    appearance: '外观',
    theme: '主题',
    themes: { system: '跟随系统', light: '浅色', dark: '深色' },
    language: '语言',
    languages: { system: '跟随系统语言' },
    notifyOnJobFinish: '较长的图片或视频任务完成时通知我',
    about: '关于',
    version: '版本',
    runningAs: '运行方式',
    desktopApp: '桌面应用',
    webHost: '网页模式（浏览器标签页）',
    dataFolder: '数据文件夹',
    locations
  },
  gateways: {
    title: '网关',
    intro: '所有页面都使用当前启用的网关。演示网关运行在本机，无需密钥。',
    profiles: '网关配置',
    demoName: '演示网关',
    builtIn: '内置（运行在本机）',
    inUseName: '{{name}}（使用中）',
    inUse: '使用中',
    keyEndsIn: '密钥 ••••{{last4}}',
    keyRemoved: '密钥已移除',
    noKey: '未设置密钥',
    add: '添加网关',
    name: '名称',
    namePlaceholder: '团队网关',
    address: '地址',
    addressPlaceholder: 'https://gateway.example.com/t/your-team',
    addButton: '添加网关',
    details: '{{name}} 详情',
    use: '使用此网关',
    testing: '正在测试…',
    test: '测试连接',
    delete: '删除…',
    confirmDeletion: '删除网关“{{name}}”？',
    deleteQuestion: '它保存的密钥和缓存的模型列表也会一并移除。用它生成的图片仍保留在你的图库中。',
    deleteGateway: '删除网关',
    keep: '保留',
    apiKeyStored: 'API 密钥（已保存，末四位 {{last4}}）',
    apiKeyNone: 'API 密钥（未保存）',
    keyReplace: '输入新密钥以替换',
    keyForOrigin: '粘贴 {{origin}} 的密钥',
    keyForGateway: '粘贴此网关的密钥',
    saveKey: '保存密钥',
    removeKey: '移除密钥',
    weakProtection: '密钥保护较弱',
    weakTitle: '这台电脑无法安全锁存密钥',
    weakBody: '{{reason}}。任何能以你的身份读取文件的人都可能取回它。',
    storeAnyway: '仍然保存密钥',
    cancel: '取消',
    connected_other: '已连接：{{count}} 个模型可用',
    advanced: '高级：字段名与额外 JSON 字段',
    advancedIntro: '有些网关的隐藏字段命名不同，可在此修改；额外字段会合并到支持它们的接口请求中。',
    fieldNames: '字段名',
    extraFields: '额外 JSON 字段',
    saveAdvanced: '保存高级设置',
    notJson: '这不是有效的 JSON：{{reason}}'
  },
  models: {
    model: '模型',
    endpoints: '接口',
    billedPer: '计费单位'
  },
  presets: {
    title: '预设与风格',
    intro:
      '预设会以名称保存某个页面的提示词和参数；风格会在任意提示词前后加上相同的文字，适用于任何模型。两者都可以打包成一个文件与团队共享。',
    styles: '风格',
    noStyles: '还没有风格。',
    newStyle: '新建风格…',
    styleName: '风格名称',
    before: '提示词之前',
    beforeExample: '电影剧照，',
    after: '提示词之后',
    afterExample: '，35mm 胶片颗粒',
    saveStyle: '保存风格',
    edit: '编辑 {{name}}',
    delete: '删除 {{name}}',
    presets: '预设',
    noPresets: '还没有预设：可在生图、对比、编辑或视频页面保存。',
    export: '导出预设与风格',
    download: '下载文件',
    import: '导入文件…',
    imported: '已导入{{presets}}和{{styles}}。',
    presetCount_other: ' {{count}} 个预设',
    styleCount_other: ' {{count}} 个风格',
    skipped: '已保留你自己的“{{names}}”（文件中有同名项）。'
  },
  cancelCall: {
    title: '取消视频任务',
    set: '“取消”会为网关上的视频任务发送 <code>{{call}}</code>，并显示网关的答复。',
    unset:
      '未设置。网关接口未提供取消端点，因此对于网关已接收的任务，按钮显示为“停止跟踪”：应用不再跟踪它，但网关仍可能继续运行并计费。',
    howTo:
      '如果你的网关提供了取消调用，请在上方字段名中设置 <code>video.cancel</code>。支持取消的服务商使用 <code>{{call}}</code>，例如：',
    idHint: '<code>{id}</code> 是网关返回的任务 ID。保存高级设置后生效。',
    fill: '填入服务商默认值',
    remove: '移除取消调用'
  }
}
