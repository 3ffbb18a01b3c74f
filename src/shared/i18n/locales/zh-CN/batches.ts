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
  line: '第 {{line}} 行：{{issue}}'
}
