import type { Catalog } from '../catalog'
import type { errors as en } from '../en/errors'

/**
 * 简体中文: failures, in the words Chinese gateway consoles use (密钥、余额、额度、接口、限流、计费). Field names,
 * values and the gateway's own text stay as they came; the brackets and full stops are Chinese.
 */
export const errors: Catalog<typeof en> = {
  fallbackTitle: '操作未完成',
  gatewaySaid: '网关返回：',
  gatewaySent: '网关返回的原始内容',
  kinds: {
    auth: {
      title: '网关拒绝了这个密钥',
      message:
        '密钥可能有误、已被吊销或已停用。请在“设置 › 网关”中检查；如果密钥无误，请向网关管理员确认它是否已被吊销或停用。'
    },
    balance: {
      title: '余额不足',
      message: '这个密钥所属账户的余额或额度已用完。请充值后再试。'
    },
    permission: {
      title: '无权使用此模型',
      message: '这个密钥可能无权使用此模型，或该模型需要更高的等级。请向网关管理员申请权限。'
    },
    unavailable: {
      title: '模型暂时不可用',
      message: '网关目前无法在此接口上提供这个模型，本次未计费。请稍后再试，或换一个模型。'
    },
    mismatch: {
      title: '这个模型不支持此操作',
      message: '该模型不支持这类请求，请换一个支持的模型。'
    },
    invalid: {
      title: '请求需要修改',
      message: '网关拒绝了按当前设置发送的请求，请检查标出的设置。'
    },
    rate_limited: {
      title: '请求过于频繁',
      message: '网关要求放慢请求速度，请稍等片刻再试。'
    },
    in_progress: {
      title: '仍在处理中',
      message: '网关仍在处理之前以同一请求标识发送的同一请求。请等它完成并查看结果后，再决定是否重新发送。'
    },
    server_error: {
      title: '网关出现故障',
      message: '网关返回了服务器错误，请稍后再试。'
    },
    network: {
      title: '无法连接网关',
      message: '连接失败。请检查网络和网关地址后再试。'
    },
    timeout: {
      title: '网关响应超时',
      message: '未能及时收到答复，请稍后再试。'
    },
    outcome_unknown: {
      title: '无法确定是否已执行',
      message:
        '请求发出后连接中断，网关可能已执行（并计费）。重新发送前请先查看结果：重新发送可能会重复计费。'
    },
    stream_incomplete: {
      title: '结果提前中断',
      message: '网关表示完成之前，流式传输就结束了。已收到的内容会保留。重新发送可能会重复计费。'
    },
    cancelled: { title: '已取消', message: '请求已取消。' },
    unknown: {
      title: '网关报告了一个问题',
      message: '网关返回了一个无法识别的错误，其原文见下方。'
    }
  },
  outcome: {
    http: '网关收到请求后返回了服务器错误（HTTP {{status}}），可能已执行（并计费）。重新发送前请先查看结果：重新发送可能会重复计费。',
    timeout:
      '请求发出后未能及时收到答复，网关可能已执行（并计费）。重新发送前请先查看结果：重新发送可能会重复计费。',
    invalid_response:
      '网关接受了请求，但无法读取它的答复，可能已执行（并计费）。重新发送前请先查看结果：重新发送可能会重复计费。',
    connection:
      '请求发出后连接中断，网关可能已执行（并计费）。重新发送前请先查看结果：重新发送可能会重复计费。'
  },
  actions: {
    re_enter_key: '请在“设置 › 网关”中检查此网关的密钥，或向网关管理员确认它是否已被吊销或停用。',
    check_balance: '请为这个密钥充值或提高额度，然后再试。',
    check_permission: '请向网关管理员申请此模型或等级的权限，或换一个模型。',
    retry_later: '请稍后再试。',
    pick_model: '请选择支持此操作的模型。',
    fix_input: '请修改标出的值后再试。',
    confirm_resend: '它可能已执行并已计费，重新发送前请先确认。'
  },
  support: {
    supports: '此模型支持：{{endpoints}}',
    notListed: '{{gateway}}未提供 {{model}}。',
    gatewayInUse: '当前网关'
  },
  codes: {
    cancelled_in_flight: {
      title: '发送途中已取消',
      message: '请求发往网关途中被取消：网关可能已收到它，仍可能执行并计费。'
    },
    outcome_unknown: {
      title: '无法确定是否已执行',
      message:
        '发送这个请求时 Gateway Studio 停止了运行，网关可能已执行并计费。重新发送前请先查看网关的用量记录。'
    },
    deadline: {
      title: '网关处理超时',
      message: '网关没有在时限内完成这个任务，Gateway Studio 已停止等待。'
    },
    no_result: {
      title: '没有返回结果',
      message: '网关报告成功，但没有返回结果地址。请检查此网关的字段名设置。'
    },
    stream_incomplete: {
      title: '结果提前中断',
      message: '图片传输过程中 Gateway Studio 停止了运行。已收到的图片会保留，其余的已丢失。'
    },
    taskEnded: {
      title: '网关结束了这个任务',
      failed: '网关报告此任务已失败。',
      expired: '网关报告此任务已过期。',
      cancelled: '网关报告此任务已取消。'
    },
    download: {
      expired: {
        title: '文件已丢失',
        message: '结果地址过期前没能下载到文件，网关那边也已不再保留。'
      },
      rejected: {
        title: '文件未保存',
        message: '结果地址上的文件被拒收：它不是应用能保存的图片或视频、文件过大，或者地址不被允许。'
      },
      transient: {
        title: '文件还没下载下来',
        message: '暂时没能下载结果；在地址过期之前，Gateway Studio 会继续重试。'
      },
      storage: {
        title: '等待磁盘空间',
        message: '文件暂时没能保存：存放图库的磁盘已满或只读。磁盘能写入后会自动保存。'
      },
      detail: '{{message}}（{{detail}}）'
    }
  },
  backend: {
    folderNotAbsolute: '请输入文件夹的完整路径，例如 /home/me/Exports。',
    folderMissing: '这个文件夹不存在。请先创建它，或换一个文件夹。',
    folderInsideData: '请选择应用数据文件夹以外的文件夹。',
    notAFolder: '这个路径不是文件夹。',
    folderNotWritable: '应用没有写入这个文件夹的权限。',
    nothingToExport: '所选图片都已不在图库中。',
    filesMissing: '所选图片的文件已不在图库里。',
    teamFilesAway: '所选图片的完整文件在团队位置上，目前无法连接。等它恢复后再试。',
    requestUnreadable: '无法读取已保存的请求。',
    emptyImage: '网关返回了一个没有数据的图片条目。',
    imageNotGenerated: '这张图片没能生成。',
    imageFailed: '这张图片生成失败。',
    unknownTimeZone: '无法识别时区“{{timeZone}}”。',
    nothingToResend: '这个任务没有需要重新发送的内容。',
    jobGone: '这个任务已不存在。',
    groupGone: '这组任务已不存在。',
    notWaiting: '该任务已不在等待发送，无法在队列中移动。',
    batchNothingToSend: '这个批量中没有可以发送的任务：{{problem}}请按预览中列出的问题修改后再发送。',
    budgetDay:
      '这个任务（{{estimate}}）会让今天在 {{gateway}} 上的花费超过每日上限 {{cap}}。请在“设置”中提高上限，或等到明天。',
    budgetMonth:
      '这个任务（{{estimate}}）会让本月在 {{gateway}} 上的花费超过每月上限 {{cap}}。请在“设置”中提高上限，或等到下个月。',
    budgetBatch:
      '这个任务（{{estimate}}）会让这个批量的花费超过它的上限 {{cap}}。提高这个批量的上限，即可发送其余任务。',
    budgetNoPrice:
      '{{gateway}} 的价格表里没有 {{model}} 的价格，Gateway Studio 无法判断这个任务是否在花费上限之内。请在“设置”中添加它的价格，或取消上限。',
    pricesNone: '这个网关还没有价格表。请先添加价格，或导入价格文件。',
    imageGone: '这张图片已不存在。',
    conversationGone: '这个对话已不存在。',
    messageGone: '这条消息已不存在。',
    replyGone: '这条回复已不存在。',
    modelNotListed: '{{gateway}} 当前密钥可用的模型里没有 {{model}}。请从列表中选择模型。',
    modelNotListedUnnamed: '{{gateway}} 当前密钥可用的模型里没有这个模型。请从列表中选择模型。',
    modelNotListedHere: '这个网关当前密钥可用的模型里没有 {{model}}。请从列表中选择模型。',
    gatewayRemoved: '这个对话用过的网关已被删除。请在当前网关上选一个模型继续。',
    replyArriving: '回复还在生成中。请先停止或等它完成，再发送。',
    replyStillArriving: '这条回复还在生成中。请先停止，再重试。',
    retryNotLast: '只能重试最新的一条回复。',
    attachImageType: '请添加 PNG、JPEG 或 WebP 图片。',
    attachmentTooLarge: '这张图片超过 10 MB，请换一张小一些的。',
    notAnImage: '这个文件不是 PNG、JPEG 或 WebP 图片。',
    writeOrAttach: '请先输入消息或添加图片。',
    pickModelToStart: '请先选择模型，再开始对话。',
    writeFirst: '请先输入消息。',
    modelCannotChat: '{{model}} 不能在这个网关上对话。请换一个模型。',
    chatPresetNameTaken: '已有名为“{{name}}”的预设。请换个名称。',
    boardGone: '这个画板已不存在。',
    boardNameTaken: '已有名为“{{name}}”的画板。请换个名称。',
    locationNameTaken: '已有名为“{{name}}”的团队位置。请换个名称。',
    locationGone: '这个团队位置已不存在。',
    locationUnreachable: '团队位置没有响应。请确认已联网且地址正确，然后再同步。',
    locationDenied: '团队位置拒绝了这组凭据，或它们没有这项权限。请在“设置 › 团队位置”中检查。',
    locationMissing: '这个团队位置的存储桶或文件夹不存在。请在“设置 › 团队位置”中检查地址。',
    locationFull: '团队位置已满。请先腾出空间，再同步。',
    locationFailed: '团队位置返回了错误。请稍后再试。',
    reviewBoardEmpty: '这个画板里还没有图片。先放入图片，再分享以供审阅。',
    batchNoImages: '这个批量还没有完成的图片。等其中有图片完成后再发布给团队；之后完成的图片会自动加入画板。',
    batchVideos: '这个批量生成的是视频，而团队位置只保存图片，所以没有可以发布的内容。',
    reviewShareGone: '这里已不再列出该审阅页面。',
    reviewRemoveDenied:
      '团队位置不允许这些凭据删除审阅页面。请联系管理员删除文件夹 {{folder}}；存储桶的链接到期后也会自动失效。',
    cleanUpDenied:
      '这个位置的凭据不能删除文件，所以什么也没有删除。请向位置的管理员要一组可以删除文件的凭据，在“设置 › 团队位置”中填入，然后再清理一次。同步不受影响。',
    cleanUpDeniedPartway:
      '这个位置的凭据不能删除清理要删除的全部文件，所以清理中途停止了。被拒绝之前已删除的文件：{{files}} 个，都不是仍在使用的。请向位置的管理员要一组可以删除文件的凭据，在“设置 › 团队位置”中填入，然后再清理一次。',
    cleanUpInterrupted:
      '清理没有完成：团队位置不再响应，或返回了错误。到那时已删除的文件：{{files}} 个，都不是仍在使用的。请稍后再清理一次以完成。',
    locationCredentialsMismatch: '这组凭据属于另一种位置。请填写这个位置需要的凭据。',
    galleryPageOutOfDate: '图库的这一页已过时，请重新载入。',
    galleryImageGone: '这张图片已不在图库中。',
    presetGone: '这个预设已不存在。',
    styleGone: '这个风格已不存在。',
    presetNameTaken: '已有名为“{{name}}”的预设。请换个名称。',
    styleNameTaken: '已有名为“{{name}}”的风格。请换个名称。',
    presetsNotJson: '这个文件不是预设文件：它不是 JSON 格式。',
    presetsFileInvalid: '这个文件不是 Gateway Studio 的预设文件。',
    presetsFileVersion: '这个预设文件是第 {{version}} 版格式，当前的 Gateway Studio 只能读取第 1 版。',
    presetsFileTooMany: '这个文件里的预设或风格超过 1,000 个，请拆成几个小文件。',
    presetInFileNoName: '文件中的第 {{number}} 个预设没有名称，或名称超过 80 个字符。',
    presetInFileScreen: '文件中的预设“{{name}}”属于当前版本没有的界面。',
    presetInFileSettings: '预设“{{name}}”里保存的参数无法读取，或超过了 64 KB。',
    presetInFileUnknown: '文件中的预设“{{name}}”包含当前版本无法识别的“{{field}}”。',
    styleInFileNoName: '文件中的第 {{number}} 个风格没有名称，或名称超过 80 个字符。',
    styleInFileTooLong: '风格“{{name}}”在提示词前或后添加的文字超过了 2,000 个字符。',
    styleInFileUnreadable: '文件中的风格“{{name}}”无法读取：加在提示词前后的内容必须是文字。',
    styleInFileUnknown: '文件中的风格“{{name}}”包含当前版本无法识别的“{{field}}”。',
    profileGone: '这个网关配置已不存在。',
    demoReadonly: '演示网关是内置的，不能修改。',
    addressCannotHoldKey: '这个网关地址无法绑定密钥。',
    addressChangedWhileSaving:
      '保存密钥时，网关地址改成了另一台服务器，所以密钥没有保存。请检查地址，再重新输入密钥。',
    keyRemoved: '网关地址已迁到另一台服务器，原来的密钥已移除。请输入 {{origin}} 的密钥。',
    noKey: '这个网关还没有设置 API 密钥。请在“设置 › 网关”中输入 {{origin}} 的密钥。',
    keyElsewhere: '已保存的密钥属于另一台服务器，与这个网关地址不符。请输入 {{origin}} 的密钥。',
    libraryImageGone: '这张图片已不在图库中。',
    maskNotPng: '蒙版必须是 PNG 图片。',
    importTooLarge: '这张图片太大，无法导入。',
    imageDamaged: '图片传输时损坏了，请重新添加。',
    temperatureChat: 'OpenAI Chat Completions 的温度范围是 0 到 {{max}}。',
    temperatureMessages: 'Anthropic Messages 的温度范围是 0 到 {{max}}。',
    temperatureResponses: 'OpenAI Responses 的温度范围是 0 到 {{max}}。',
    baseUrlNotAddress: '请输入完整地址，例如 https://gateway.example.com/tenant。',
    baseUrlCredentials: '地址里不能包含用户名或密码。',
    baseUrlQuery: '地址里不能包含“?”或“#”及其后的部分。',
    baseUrlHttpRemote: '地址必须以 https:// 开头（只有本机地址可以用 http）。',
    baseUrlHttps: '地址必须以 https:// 开头。',
    fieldNameEmpty: '字段名：{{path}} 不能为空。',
    fieldNameForm: '字段名：{{path}} 只能使用字母、数字、“_”、“-”和“.”，并以字母或“_”开头。',
    fieldNameTaskPath: '字段名：{{path}} 必须是以“/”开头并包含 {id} 的路径，例如 /v1/videos/{id}。',
    fieldNameJsonPath: '字段名：{{path}} 必须是用点分隔的路径，例如 result.video_url 或 data[0].url。',
    fieldNamesUnreadable: '字段名：{{path}} 无法读取。请填写文本，或恢复默认值。',
    extraFieldsEndpoint: '额外 JSON 字段：“{{path}}”不是可以添加额外字段的接口。',
    extraFieldsName:
      '额外 JSON 字段：“{{path}}”不能用作字段名。只能使用字母、数字、“_”、“-”和“.”，并以字母或“_”开头。',
    extraFieldsUnreadable: '额外 JSON 字段：{{path}} 无法读取。每个接口下应是一个由字段名和值组成的对象。',
    dataFolderInUse: '这个数据文件夹已在另一个 Gateway Studio 中打开：{{path}}',
    dataFolderInUseWeb: '这个数据文件夹已在另一个 Gateway Studio（端口 {{port}}）中打开：{{path}}',
    dataFolderInUseDesktop: '这个数据文件夹已在 Gateway Studio 桌面应用中打开：{{path}}',
    databaseNotAFile:
      '图库数据库是一个文件夹，而不是文件：{{path}}。请把它移走，或使用另一个数据文件夹启动。',
    databaseLost:
      '图库数据库是空的或已丢失，但旁边的图库里还有文件：{{path}}。没有做任何改动。请打开一个备份，或使用另一个数据文件夹启动。',
    databaseDamaged:
      '图库数据库已损坏：{{path}}。没有向它写入任何内容。请打开一个备份，或使用另一个数据文件夹启动。',
    databaseCannotOpen: '无法打开图库数据库：{{path}}。请确认应用有读写它的权限。',
    databaseTooNew:
      '这个图库由更新版本的 Gateway Studio 写入（结构版本 {{found}}；当前版本最多读取 {{supported}}）：{{path}}。请更新应用后再打开；没有做任何改动。',
    noBackup: '{{path}} 中没有可以打开的图库数据库备份。',
    dataFolderReadOnly: '数据文件夹是只读的：{{path}}。请把它改为可写，或使用另一个数据文件夹启动。',
    diskFull: '存放图库的磁盘已满（{{path}}）。请腾出一些空间；下载会自动继续。',
    diskReadOnly: '存放图库的磁盘是只读的（{{path}}）。请把它改为可写；下载会自动继续。',
    diskFailing: '无法写入存放图库的磁盘（{{path}}）。请检查磁盘；下载会自动继续。',
    exportDiskFull: '存放 {{path}} 的磁盘已满。请在那里腾出一些空间，然后重新导出。',
    exportReadOnly: '文件夹 {{path}} 是只读的。请换一个文件夹，或把它改为可写。',
    exportDiskFailing: '无法把导出内容写入 {{path}}。请检查磁盘，然后重新导出。',
    keysNoKeyring: '没有找到系统钥匙串：Electron 只能用内置密码保护密钥',
    keysKeychain: '由系统钥匙串保护（{{backend}}）',
    keysKeyFile: '密钥用应用数据文件夹里的一个密钥文件加密；浏览器版没有系统钥匙串可用'
  },
  line: {
    said: '{{reason}}网关返回：“{{said}}”',
    title: '{{title}}。'
  },
  preflight: {
    sentence: '{{rule}}{{about}}。',
    about: '（{{field}}）',
    aboutValue: '（{{field}}：{{value}}）',
    shown: { empty: '空', nothing: '未填写', list: '列表', object: '对象' },
    profileSet: '{{issue}}，该值来自此网关额外 JSON 字段中的 `{{wire}}`：请在“{{where}}”中修改或移除。',
    profileNotAccepted: '此接口不接受 `{{wire}}`：请在“{{where}}”中将它从此网关的额外 JSON 字段里移除。',
    where: '设置 › 网关 › {{name}} › 额外 JSON 字段',
    whereUnnamed: '设置 › 网关 › 额外 JSON 字段',
    rules: {
      required: '必填：不能为空',
      required_whole_number_at_least: '必填：不小于 {{min}} 的整数',
      required_seconds_at_least: '必填：以秒为单位的整数，至少 {{min}} 秒',
      required_input: '必填：一段文字、一个列表或一段对话',
      pick_one: '请选择 {{choices}}',
      whole_number: '请填写整数',
      whole_number_at_least: '请填写不小于 {{min}} 的整数',
      whole_number_between: '请填写 {{min}} 到 {{max}} 之间的整数',
      true_or_false: '请填写 true 或 false',
      text_or_list: '请填写一段文字或一个列表',
      image_list: '请提供图片列表',
      at_least_images_other: '请至少添加 {{count}} 张图片',
      at_most_images_other: '最多 {{count}} 张图片',
      at_most_masks_other: '最多 {{count}} 个蒙版',
      exact_count_other: '每次请求只能生成 {{count}} 张图片',
      image_http_url: '请使用 http(s) 网址',
      image_url_or_base64: '请使用网址或 Base64 data URI',
      image_url_or_data_uri: '请使用网址或图片 data URI',
      no_count_one_task_per_image: '每张图片请单独发送一个任务：此接口不接受数量参数',
      no_count_use_group:
        '请改用组图：将 sequential_image_generation 设为 "auto" 并设置 max_images；此接口不接受数量参数',
      model_not_on_endpoint: '请选择“{{endpoint}}”提供的模型：“{{model}}”只在{{endpoints}}上可用',
      model_lists_no_endpoints: '请选择“{{endpoint}}”提供的模型：“{{model}}”没有列出任何接口',
      messages_required: '请至少添加一条消息',
      message_role: '每条消息都需要指定角色',
      message_content: '每条消息都需要有内容',
      ratio: '请使用画面比例，例如 1:1 或 16:9',
      transparent_needs_format: '透明背景需要 {{formats}} 格式',
      compression_needs_format: '压缩质量只对 {{formats}} 格式生效',
      group_options_object: '请使用对象，例如 {"max_images": 3}',
      model_does_not_stream: '这个模型不支持流式输出：请关闭“边生成边显示”',
      tier_or_size: '请使用档位（{{tiers}}）或 <width>x<height> 格式',
      text_to_image_only: '{{size}} 只能用于文生图：请移除参考图，或改选 {{choices}}',
      pixels_between: '总像素须在 {{min}} 到 {{max}} 之间',
      aspect_between: '宽高比须在 1:{{max}} 到 {{max}}:1 之间',
      size_wxh: '请使用 <width>x<height> 格式，例如 1280x720'
    }
  }
}
