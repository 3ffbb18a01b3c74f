import type { Catalog } from '../catalog'
import type { batches as en } from '../en/batches'

/**
 * 简体中文: batches. A job is 任务 (as in the Queue), a user's list 列表, a seed 种子; lines are 第 N 行, as an
 * editor counts them.
 */
export const batches: Catalog<typeof en> = {
  issues: {
    no_prompts: '还没有可生成的内容。请至少写一条提示词，或载入一个包含提示词的文件。',
    csv_no_prompt_column:
      '文件里没有提示词列（现有的列：{{columns}}）。请把其中一列命名为“prompt”，或手动指定哪一列是提示词。',
    csv_parse: '第 {{line}} 行无法读取（{{message}}）。请检查这一行的引号是否成对，再重新另存为 CSV。',
    csv_empty_prompt: '第 {{line}} 行没有提示词。请补上提示词，或删掉这一行。',
    unknown_list: '第 {{line}} 行：找不到列表 __{{name}}__。请在“列表”里添加它，或改正名称。',
    empty_list: '第 {{line}} 行：列表 __{{name}}__ 是空的。请在“列表”里至少给它写一行。',
    unclosed_brace:
      '第 {{line}} 行：第 {{column}} 个字符处的 { 没有对应的 }。请在选项后面补上 }；如果只想写一个普通的花括号，请写成 \\{。',
    nested_brace:
      '第 {{line}} 行：第 {{column}} 个字符处的 { 套在了另一对花括号里。选项不能嵌套，请先用 } 结束前一组，再开始下一组。',
    empty_alternatives:
      '第 {{line}} 行：第 {{column}} 个字符处的花括号里没有任何选项。请写成 {红|蓝} 这样的形式，或去掉这对花括号。',
    list_unclosed_brace:
      '第 {{line}} 行：列表 __{{list}}__ 的第 {{entry}} 行有一个 { 没有对应的 }。请补上 }，或写成 \\{ 表示普通花括号。',
    list_nested_brace:
      '第 {{line}} 行：列表 __{{list}}__ 的第 {{entry}} 行里，{ 套在了另一对花括号中。请先结束前一组，再开始下一组。',
    list_empty_alternatives:
      '第 {{line}} 行：列表 __{{list}}__ 的第 {{entry}} 行有一对空的花括号。请填上选项，例如 {红|蓝}，或去掉这对花括号。',
    rows_unequal:
      '逐行组合要求各项数量相同，但现在有 {{first}}、{{second}}。请把数量调成一致，或只保留一个值，让它用于每一行。',
    unknown_model:
      '第 {{line}} 行：模型“{{model}}”不在本次批量选用的模型里。请在“模型”中加上它，或改正文件里的模型名。',
    size_not_supported:
      '第 {{line}} 行：{{model}}（{{endpoint}}）没有尺寸设置，用不了尺寸 {{size}}。请去掉尺寸，或只对其他模型使用这些尺寸。',
    seed_not_supported:
      '第 {{line}} 行：{{model}}（{{endpoint}}）不支持种子，用不了种子 {{seed}}。请去掉种子，或只对其他模型使用这些种子。',
    field_not_supported:
      '第 {{line}} 行：{{model}}（{{endpoint}}）没有“{{field}}”这项设置。请把这一列设为不使用，或对应到该模型有的设置。',
    field_not_number:
      '第 {{line}} 行：{{field}} 列里的“{{value}}”不是数字。请填写数字（例如 42），或留空以沿用模型原来的设置。',
    field_not_boolean:
      '第 {{line}} 行：{{field}} 列里的“{{value}}”只能是 true 或 false。请填写其中之一，或留空以沿用模型原来的设置。',
    request_invalid: '第 {{line}} 行生成的请求网关无法接受（{{field}} 有误）。请检查这一行设置的值。',
    too_many_jobs:
      '这个批量会生成 {{total}} 个任务，而一次批量最多 {{max}} 个，下面只列出前 {{max}} 个。请减少提示词、选项、模型或种子，或把工作拆成几个批量。'
  },
  axes: {
    prompts: '{{count}} 条提示词',
    models: '{{count}} 个模型',
    seeds: '{{count}} 个种子',
    sizes: '{{count}} 种尺寸'
  },
  line: '第 {{line}} 行：{{issue}}',
  builder: {
    open: '批量…',
    title: '批量生成',
    intro: '一次使用多条提示词、多个模型和多个种子。点“发送”之前不会发送任何请求。',
    prompts: '提示词',
    typed: '直接输入',
    file: '从文件读取',
    promptsHint: '每行一条提示词。{红|蓝} 会为每个选项各生成一个任务；表单中的风格和预设不会加入。',
    pickFile: '选择 .txt 或 .csv 文件…',
    fileRead: '{{name}} · {{count}} 行',
    fileHint: '.csv 文件需要表头：一列“prompt”，还可以有“model”“seed”“size”或这个接口的其他字段。',
    fileTooLarge: '{{name}} 超过 5 MB，请拆分成较小的文件。',
    fileUnreadable: '无法以文本方式读取 {{name}}。请另存为 UTF-8 文本或 CSV 后重新选择。',
    models: '模型',
    modelsHint: '每条提示词都会发送给勾选的每个模型。这里只列出 {{endpoint}} 上的模型。',
    seeds: '种子',
    seedsNone: '由网关决定',
    seedsVariations: '变体',
    seedsList: '指定种子',
    variationsLabel: '每条生成几个',
    seedsListLabel: '种子（用逗号分隔）',
    badSeeds: '种子须为整数并用逗号分隔，例如 1, 2, 42。',
    badVariations: '变体数量须为 1 到 10,000 的整数。',
    sizes: '尺寸',
    sizesHint: '留空则使用表单中的尺寸。填写多个（用逗号分隔）时，每种尺寸各生成一个任务。',
    sizesPlaceholder: '例如 1024x1024, 1536x1024',
    combine: '组合方式',
    every: '所有组合',
    rows: '逐行对应',
    name: '批量名称',
    preview: '发送前预览',
    jobs_other: '{{count}} 个任务',
    images_other: '{{count}} 张图片',
    byModel: '{{model}}（{{endpoint}}）：{{count}}',
    invalid_other: '{{count}} 行不会发送：',
    moreIssues: '……还有 {{count}} 条',
    firstRows: '前几行将这样发送',
    row: '行',
    prompt: '提示词',
    model: '模型',
    seed: '种子',
    size: '尺寸',
    gatewayPicks: '网关',
    send_other: '发送 {{count}} 个任务',
    sending: '正在发送…',
    nothing: '还没有可发送的任务',
    sent: '已发送 {{count}} 个任务，批量名称为“{{name}}”。可在队列中查看进度。',
    cancel: '取消'
  }
}
