import type { Catalog } from '../catalog'
import type { chat as en } from '../en/chat'

/**
 * 简体中文: the chat area, in the words Chinese chat clients use (对话、新建对话、发送、停止、重新生成、系统提示词、
 * 流式输出). The three request styles keep the names their providers' documentation gives them, as Chinese
 * gateway docs do; "Token" stays as Chinese AI tools write it.
 */
export const chat: Catalog<typeof en> = {
  cancel: '取消',
  tryAgain: '重试',
  loadingModels: '正在加载模型…',
  removedGateway: '已删除的网关',
  styles: {
    chat: 'OpenAI Chat Completions',
    messages: 'Anthropic Messages',
    responses: 'OpenAI Responses'
  },
  header: {
    newChat: '新对话',
    titleLabel: '对话标题',
    save: '保存',
    settings: '对话设置',
    rename: '重命名',
    export: '导出',
    downloadMarkdown: '下载 Markdown',
    copyMarkdown: '复制 Markdown',
    delete: '删除',
    deleteTitle: '删除这个对话？',
    deleteBody_other:
      '“{{title}}”及其全部 {{count}} 条消息将被永久删除，无法恢复。只在这个对话中附加过的图片也会从图库中移除。',
    deleteConfirm: '删除对话'
  },
  empty: {
    title: '开始对话',
    withModel: '在下方输入内容即可开始。回复会边生成边显示；点“停止”会保留已收到的内容。',
    withoutModel: '先在上方选择模型，再在下方输入。这里只列出支持对话的模型。',
    tipImage: '粘贴或添加图片，就能针对图片提问。',
    tipSettings: '在“对话设置”中可以设置系统提示词、温度、最大 Token 数和工具。',
    tipSearch: '所有对话都会保留，搜索可以找到其中的任何字词。'
  },
  list: {
    label: '对话',
    newChat: '新建对话',
    search: '搜索对话',
    searchPlaceholder: '搜索全部消息',
    noHits: '没有对话提到“{{query}}”。',
    hits: '搜索结果',
    history: '历史对话',
    none: '你的对话会显示在这里。',
    loading: '正在加载…'
  },
  model: {
    label: '模型',
    noModels: '此网关没有可用于对话的模型',
    pick: '选择模型…',
    onGateway: '{{model}}（网关：{{gateway}}）',
    checking: '{{model}}（正在确认…）',
    unlisted: '{{model}}（已不在列表中）',
    style: '接口格式',
    styleIs: '接口格式：{{style}}',
    notListed: '当前网关（{{gateway}}）未提供 {{model}}。请另选一个模型继续对话。',
    letGo: '当前网关（{{gateway}}）未提供 {{model}}，已取消选择。请另选一个模型。',
    madeOn: '此对话创建于网关“{{gateway}}”，回复仍会发往那里。选择一个模型即可改用当前网关继续。'
  },
  composer: {
    images: '待发送的图片',
    remove: '移除 {{name}}',
    attach: '添加图片',
    attachTitle: '添加图片（PNG、JPEG 或 WebP），也可以直接粘贴',
    message: '消息',
    placeholder: '给 {{model}} 发消息',
    pickFirst: '先选择模型再开始',
    send: '发送',
    sending: '正在发送…',
    stop: '停止',
    hint: 'Enter 发送 · Shift+Enter 换行 · 粘贴图片即可添加'
  },
  message: {
    mine: '你的消息',
    reply: '回复',
    model: '模型',
    arrivedWhole: '· 非流式，一次返回',
    images: '附带的图片',
    image: '附带的图片',
    imageSized: '附带的图片，{{width}}×{{height}}',
    thinking: '思考过程',
    retry: '重试',
    edit: '编辑',
    editTitle: '修改后作为新版本重新发送',
    wait: '请等回复生成完毕',
    copy: '复制',
    toImages: '用作生图提示词'
  },
  branch: {
    previousVersion: '上一个版本',
    nextVersion: '下一个版本',
    previousReply: '上一条回复',
    nextReply: '下一条回复',
    versions: '版本：第 {{index}} 个，共 {{total}} 个',
    replies: '回复：第 {{index}} 条，共 {{total}} 条'
  },
  editBox: {
    label: '编辑消息',
    field: '修改后的消息',
    note: '将作为新版本发送并生成新的回复；当前版本及其后的内容都会保留。',
    send: '发送修改'
  },
  regenerate: {
    button: '重新生成',
    again: '用 {{model}} 重新生成',
    sameModel: '用同一模型重新生成',
    with: '改用 {{model}}',
    otherGateway: '要换用其他模型，请先切换到这个对话所用的网关。'
  },
  tool: {
    label: '工具调用 {{name}}',
    unnamed: '（未命名）',
    pill: '工具调用',
    arriving: '参数接收中…',
    notRun: '未执行：Gateway Studio 只显示工具调用，不会执行工具。'
  },
  status: {
    waiting: '正在等待 {{model}}…',
    waitingModel: '正在等待模型…',
    streaming: '正在生成',
    stopped: '<pill>已停止</pill> 你停止了这条回复，已收到的内容会保留。',
    interrupted: '<pill>已中断</pill> 回复完成前应用已关闭。',
    cutShort: '<pill>已截断</pill> 回复达到了最大 Token 数上限。'
  },
  usage: {
    label: 'Token 用量',
    prompt: '提示词',
    completion: '补全',
    input: '输入',
    output: '输出',
    total: '总计',
    cached: '缓存命中',
    cacheWrite: '缓存写入',
    cacheRead: '缓存读取',
    reasoning: '推理'
  },
  messages: {
    label: '消息',
    jump: '回到最新 ↓',
    jumpBusy: '回到最新 ↓（回复仍在生成）'
  },
  settings: {
    label: '对话设置',
    systemPrompt: '系统提示词',
    systemPromptPlaceholder: '希望模型在这个对话中如何表现（可选）',
    temperature: '温度',
    modelDefault: '模型默认',
    maxTokens: '最大 Token 数',
    maxTokensRequired: '最大 Token 数（Anthropic Messages 必填）',
    stream: '流式输出',
    tools: '模型可调用的工具',
    toolsJson: '工具（JSON）',
    toolsPlaceholder:
      '[{"name": "get_weather", "description": "查询城市天气", "parameters": {"type": "object", "properties": {"city": {"type": "string"}}}}]',
    toolsNote: '按当前接口格式自己的工具格式发送。模型发起的调用会显示出来，但 Gateway Studio 不会执行。',
    temperatureRange: '{{style}} 的温度须为 0 到 {{max}} 之间的数字。',
    maxTokensWhole: '最大 Token 数须为不小于 1 的整数。',
    toolsNotJson: '工具须为有效的 JSON 列表，例如 [{"name": "get_weather", "parameters": {…}}]。',
    toolsAt: '工具（位置 {{path}}）：{{reason}}。',
    toolsInvalid: '工具：{{reason}}。',
    notToolList: '不是工具列表'
  },
  presets: {
    label: '预设',
    none: '无',
    custom: '自定义',
    saveAs: '存为预设…',
    saveForm: '存为预设',
    delete: '删除预设',
    deleteNamed: '删除预设“{{name}}”',
    name: '预设名称',
    namePlaceholder: '名称，例如：文案润色',
    save: '保存预设'
  },
  markdown: {
    copy: '复制',
    copied: '已复制',
    image: '图片',
    imageRef: '[图片：{{label}}]',
    remoteImage: '图片：{{label}}',
    notLoaded: '（{{host}}，未加载）'
  },
  notices: {
    pickModel: '请先选择模型。',
    presetSaved: '已保存预设“{{name}}”。',
    markdownCopied: '已复制 Markdown。',
    codeCopied: '已复制代码。',
    copied: '已复制。',
    downloaded: '已将 {{file}} 保存到下载文件夹。',
    copyRefused: '这里不允许复制。请选中文字后手动复制。',
    notImage: '{{name}} 不是 PNG、JPEG 或 WebP 图片。',
    notImageUnnamed: '该文件不是 PNG、JPEG 或 WebP 图片。',
    tooLarge: '{{name}} 超过了 10 MB。',
    tooLargeUnnamed: '该图片超过了 10 MB。',
    tooMany: '每条消息最多附带 {{max}} 张图片。',
    pastedImage: '粘贴的图片'
  }
}
