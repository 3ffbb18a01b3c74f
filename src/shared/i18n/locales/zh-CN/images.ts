import type { Catalog } from '../catalog'
import type { images as en } from '../en/images'

/** 简体中文: the images area (生图). Model ids, prompts, option values such as 1024x1024 and API names stay as they are. */
export const images: Catalog<typeof en> = {
  title: '生图',
  results: {
    title: '生成结果',
    emptyTitle: '还没有图片',
    emptyText: '写下提示词、选好模型，然后点击“生成”。每张图片一生成就会保存到你的图库。'
  },
  notices: {
    promptFromChat: '已从对话中带入提示词。',
    cannotRemix: '这个任务无法载入到表单中。',
    remixed: '已按“{{prompt}}”填好表单。',
    addedReference: '已添加为参考图。',
    presetApplied: '已应用预设“{{name}}”。',
    presetSaved: '已保存为预设“{{name}}”。',
    presetDeleted: '已删除预设“{{name}}”。'
  },
  fromFile: {
    takenFrom: {
      gatewayStudio: '已从 Gateway Studio 图片中取用{{what}}。',
      comfyui: '已从 ComfyUI 图片中取用{{what}}。',
      invokeai: '已从 InvokeAI 图片中取用{{what}}。',
      a1111: '已从 Automatic1111 图片中取用{{what}}。'
    },
    nothingTaken: '这张图片中没有可以填入表单的设置。',
    modelUnlisted: '它使用的模型 {{model}} 不在当前网关的模型列表中。',
    modelUnchecked: '它使用的模型 {{model}} 未被采用：当前网关的模型列表尚未加载完成。',
    sizeNotOffered: '它的尺寸 {{size}} 不在这个接口提供的选项中。',
    noField: '这个接口没有可以填入{{what}}的字段。',
    promptOnly: '只取用了提示词：这个页面没有“{{endpoint}}”的表单。',
    promptOnlyUnread: '只取用了提示词：无法读回它的请求。',
    fields: {
      prompt: '提示词',
      model: '模型',
      seed: '随机种子',
      size: '尺寸',
      guidance: 'CFG 值',
      negativePrompt: '反向提示词',
      steps: '步数',
      sampler: '采样器'
    }
  },
  form: {
    label: '生成图片',
    prompt: '提示词',
    promptPlaceholder: '描述你想要的画面…',
    model: '模型',
    loadingModels: '正在加载模型…',
    chooseModel: '请选择模型…',
    noModels: '此网关没有为你的密钥提供生图模型。',
    tryAgain: '重试',
    endpoint: '接口',
    parameters: '参数',
    generate: '生成',
    sending: '正在发送…',
    imageCount_other: '{{count}} 张',
    ready: '准备就绪。生成的图片会陆续保存到你的图库。',
    streamRefused: '这个模型之前拒绝过流式输出。',
    forgetRefusal: '清除记录'
  },
  /**
   * The preset bar (jobs/presets/PresetBar), on Images, Compare, Edit and Video alike; where it says what it
   * did itself (not on Images), it uses `notices.preset*` above.
   */
  presets: {
    preset: '预设',
    noPresets: '还没有预设',
    choose: '选择预设…',
    delete: '删除预设',
    saveAs: '存为预设…',
    style: '风格',
    noStyle: '不使用风格',
    saveGroup: '存为预设',
    name: '预设名称',
    save: '保存预设',
    replace: '替换原预设',
    cancel: '取消',
    sends: '实际发送：“{{prompt}}”',
    unread: '暂时无法读取预设和风格。',
    unreadable: '预设“{{name}}”已无法读取，请重新保存。'
  },
  references: {
    title: '参考图',
    count: '{{n}} / {{max}}',
    list: '参考图',
    image: '参考图 {{n}}',
    remove: '移除参考图 {{n}}',
    fromLibrary: '从图库选择',
    addFiles: '添加文件…',
    files: '参考图文件',
    adding: '正在添加…',
    dropHint: '也可以把图片拖放或粘贴到这里',
    address: '参考图地址',
    addressPlaceholder: '或填写图片地址：https://…',
    addressOnlyPlaceholder: 'https://…（此接口只接受图片地址）',
    addAddress: '添加地址',
    badAddress: '请输入以 https:// 开头的网址',
    fetchesItself: '“{{endpoint}}”会按地址自行下载参考图。',
    pick: '选择参考图',
    leftOut_other: '只能再添加 {{count}} 张参考图，其余的未添加。',
    byAddressOnly: '此接口只接受以地址形式提供的参考图。',
    none: '此接口不支持参考图。'
  },
  extra: {
    title: '额外 JSON 字段',
    placeholder: '{"字段名": "值"}',
    hint: '随请求原样发送，不会覆盖上方的参数。'
  },
  size: {
    tier: '档位',
    custom: '宽 × 高',
    width: '宽度',
    height: '高度',
    textOnly: '{{tier}} 仅用于文生图。',
    pixels: '{{pixels}} 像素',
    pixelRange: '（{{min}}² 至 {{max}}²）',
    ratio: '比例 {{ratio}}',
    ratioRange: '（1:{{max}} 至 {{max}}:1）'
  },
  issues: {
    prompt: '请填写提示词。',
    model: '请选择模型。',
    noReferences: '请移除参考图，或换一个模型：“{{endpoint}}”不接受参考图。',
    tooManyReferences: '此处最多使用 {{max}} 张参考图（参考图：{{count}}）。',
    streamRefused: '这个模型上次拒绝了流式输出：请关掉它，或清除记录后再试（流式输出）。',
    notSendable: '有些值无法发送，请检查（额外字段）。',
    notJson: '请填写有效的 JSON，例如 {"style": "vivid"}（额外字段）。',
    notObject: '请填写 JSON 对象：{"字段名": 值, …}（额外字段）。',
    fieldName: '字段名只能包含字母、数字、_ . 和 -（额外字段：{{name}}）。',
    whole: '请填写整数（{{field}}：{{value}}）。',
    wholeAtLeast: '请填写不小于 {{min}} 的整数（{{field}}：{{value}}）。',
    wholeRange: '请填写 {{min}} 到 {{max}} 之间的整数（{{field}}：{{value}}）。',
    number: '请填写数字（{{field}}：{{value}}）。',
    sizeBoth: '宽度和高度都要填写（{{field}}）。'
  },
  words: {
    model: '模型',
    prompt: '提示词',
    references: '参考图',
    reference: '参考图 {{n}}',
    width: '宽度',
    height: '高度'
  },
  endpoints: {
    imagesV3: {
      name: '同步出图',
      blurb: '同步返回，按张计费。'
    },
    partnerA: {
      name: '流式组图',
      blurb: 'Partner A 服务商直连：一组图片可以逐张返回。',
      fields: { size: { hint: '1K、2K、4K 或 宽x高，默认 2K。' } }
    },
    partnerB: {
      name: '单张生成',
      blurb: 'Partner B 服务商直连：每次请求生成一张。'
    },
    imagesV2: {
      name: '异步任务',
      blurb: '以任务形式在网关上运行，每张图片各是一个任务。',
      urlOnly: '异步接口会自行下载参考图：请使用网址（URL），不要使用图库中的图片。'
    },
    imagesV1: {
      name: '兼容接口',
      blurb: '兼容 OpenAI 的生图接口，其余参数由网关决定。',
      fields: { size: { hint: '非规范字段，网关可能忽略。' } }
    },
    imageEdits: { name: '图片编辑' },
    videos: { name: '视频' }
  },
  fields: {
    n: { label: '张数', hint: '每次请求 1 到 10 张。' },
    count: { label: '张数', hint: '每张图片各是一个任务，结果放在一起显示。' },
    size: {
      label: '尺寸',
      empty: '网关默认',
      invalid: '请填写 1K、2K、4K 或 <width>x<height>，例如 2048x2048（尺寸：{{value}}）。',
      options: { auto: '自动' }
    },
    outputFormat: { label: '输出格式', empty: '默认（JPEG）' },
    responseFormat: { label: '返回方式', empty: '默认' },
    background: {
      label: '背景',
      empty: '模型默认',
      options: { transparent: '透明', opaque: '不透明', auto: '自动' }
    },
    compression: {
      label: '压缩率',
      hint: '0 到 100。',
      placeholder: '模型默认',
      whenHint: '仅用于 JPEG 和 WebP。',
      whenPlaceholder: 'PNG 不使用'
    },
    moderation: { label: '内容审核', empty: '模型默认', options: { low: '宽松', auto: '自动' } },
    ratio: { label: '画面比例', empty: '模型默认' },
    resolution: { label: '分辨率', empty: '模型默认' },
    seed: { label: '随机种子', placeholder: '随机' },
    guidance: { label: '引导强度', hint: '通常 1–10，数值越高越贴合提示词。', placeholder: '模型默认' },
    watermark: { label: '添加服务商水印', words: '水印' },
    group: { label: '生成一组图片（组图）' },
    maxImages: {
      label: '最多张数',
      required: '请填写这组图片最多几张，至少 1 张（最多张数）。'
    },
    stream: {
      label: '边生成边显示（流式输出）',
      words: '流式输出',
      hint: '模型列表不会标明哪些模型支持流式输出；不支持的模型会被网关以 400 拒绝。'
    },
    expiry: {
      text: 'Partner B 的图片地址约 24 小时后失效，因此每张结果一到就会下载到你的图库。'
    }
  },
  issueAliases: { sequential_image_generation_options: '组图选项' }
}
