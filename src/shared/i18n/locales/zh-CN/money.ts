import type { Catalog } from '../catalog'
import type { money as en } from '../en/money'

/**
 * 简体中文: money. A price table is 价格表, a unit 计价单位, a model's base price 基础价格; lines are 第 N 行, as an
 * editor counts them. JSON keys, CSV columns and units are the file's own words and stay as written.
 */
export const money: Catalog<typeof en> = {
  estimate: {
    exact: '{{amount}}',
    about: '约 {{amount}}',
    label: '预计费用',
    batchTotal: '预计费用：{{amount}}',
    batchAbout: '预计费用：约 {{amount}}',
    batchUnpriced_other: '{{count}} 个任务没有价格，未计入。',
    batchNoPrices: '此网关尚未设置价格：在设置中设置后即可查看批量任务的费用。',
    capLabel: '批量任务费用上限（{{currency}}）',
    capLabelPlain: '批量任务费用上限',
    capHint: '可选。会使本批超出此金额的任务将在队列中等待，直到你提高上限。',
    capNoPrices: '请先在设置中为此网关设置价格，才能为批量任务设置费用上限。',
    capInvalid: '请填写金额，如 5 或 12.50，小数点用“.”，不带货币符号。',
    capPasses: '预计费用超出上限：{{count}} 个任务中有 {{fit}} 个在上限之内。'
  },
  prices: {
    title: '价格',
    intro:
      '此网关上每个模型的价格。网关不提供价格，这里填写的是你们团队的价格：生成按钮旁的预计费用和费用上限都按它计算。',
    currency: '货币',
    currencyHint: '三个大写字母，如 USD、EUR 或 CNY。',
    table: '各模型价格',
    model: '模型',
    unit: '计价单位',
    price: '价格',
    unitFor: '{{model}} 的计价单位',
    priceFor: '{{model}} 的价格',
    inputFor: '{{model}} 每百万输入 token 的价格',
    outputFor: '{{model}} 每百万输出 token 的价格',
    units: {
      none: '无价格',
      image: '按张',
      tokens: '按百万 token',
      video: '按个视频',
      second: '按秒'
    },
    tokensIn: '输入',
    tokensOut: '输出',
    noModels: '此网关尚未列出模型。请测试连接以读取模型列表。',
    save: '保存价格',
    saved: '价格已保存。',
    remove: '移除全部价格',
    removed: '价格已移除。',
    import: '导入文件…',
    imported_other: '价格已导入：{{count}} 个模型。',
    importProblems: '文件未导入。请修正以下问题后重新导入：',
    export: '导出',
    formats: { json: 'JSON', csv: 'CSV（用于电子表格）' },
    exportFormat: '导出格式',
    download: '下载 {{name}}',
    invalidCurrency: '货币须为三个大写字母，如 USD。',
    invalidAmount: '{{model}} 的价格：{{problem}}',
    amountProblems: {
      amount_missing: '请填写金额，如 0.04。',
      amount_invalid: '请只写数字，小数点用“.”，不带货币符号或空格。',
      amount_uses_comma: '小数点请用“.”，且不要千位分隔符。',
      amount_negative: '价格须为 0 或以上。',
      amount_too_large: '超过了价格的上限。',
      amount_too_precise: '请保留至多 6 位小数。'
    },
    sizes: {
      toggle: '按尺寸定价（{{n}}）',
      hint: '未列出的尺寸按上面的价格计算。尺寸按网关接受的写法填写，如 1024x1024 或 2K。',
      sizeFor: '{{model}} 的第 {{number}} 个尺寸',
      numbered: '第 {{number}} 个尺寸',
      priceAt: '{{model}}（{{size}}）的价格',
      removeFor: '删除 {{model}}（{{size}}）的价格',
      add: '添加尺寸价格',
      sizeProblem: '尺寸：{{problem}}',
      priceProblem: '价格：{{problem}}',
      invalid: '{{model}}（{{size}}）的价格：{{problem}}',
      problems: {
        size_invalid: '请填写尺寸，如 1024x1024 或 2K。',
        size_duplicate: '这个尺寸出现了两次，请只保留一个价格，删掉另一个。'
      }
    }
  },
  caps: {
    title: '费用上限',
    intro:
      '会使此网关的花费超出上限的任务将在队列中等待，直到上限被提高或移除，或进入新的一天或一个月。设置上限后，没有价格的模型的任务也会等待。',
    noTable: '请先设置此网关的价格：上限按价格表的货币计算。',
    day: '每天（{{currency}}）',
    month: '每月（{{currency}}）',
    none: '不设上限',
    save: '保存上限',
    saved: '上限已保存。',
    invalid: '请填写金额，如 20 或 12.50；留空表示不设上限。',
    spentToday: '今日已花费：{{amount}}',
    spentThisMonth: '本月已花费：{{amount}}',
    reservedToday: '今日为未完成任务预留：{{amount}}',
    reservedThisMonth: '本月为未完成任务预留：{{amount}}'
  },
  issues: {
    file_empty:
      '文件是空的。请选择从 Gateway Studio 导出的价格表，或一个首行为列名、每个模型一行的 CSV 文件。',
    file_too_large: '文件超过 {{maxMegabytes}} MB，远大于任何价格表。请确认选对了文件。',
    file_unreadable: '无法读取这个文件（{{message}}）。请重新导出价格表，再导入新文件。',
    json_syntax:
      '这个文件不是有效的 JSON。请检查是否缺少逗号、引号或括号（代码编辑器会标出位置），或重新导出价格表。',
    json_too_complex: '文件的嵌套层级或内容数量超出了任何价格表的范围。请确认选对了文件。',
    not_a_price_table:
      '这个 JSON 文件不是价格表。价格表应包含 "version": 1、"currency"（例如 "USD"），以及按模型 ID 列出价格的 "models"。',
    version_unsupported: '文件的版本是“{{version}}”，但必须是 1。请在文件开头写上 "version": 1。',
    currency_invalid: '“{{value}}”不是货币代码。请使用三个大写字母的货币代码，例如 USD、EUR 或 CNY。',
    table_unknown_field:
      '第 {{line}} 行：价格表里没有“{{field}}”这一项。请删除它：文件只包含 "version"、"currency" 和 "models"。',
    too_many_models: '文件为 {{count}} 个模型定价，而一张价格表最多 {{max}} 个。请删掉团队不用的模型。',
    model_missing: '第 {{line}} 行没有模型。请按网关的模型列表填写模型 ID，或删掉这一行。',
    model_id_invalid:
      '第 {{line}} 行：“{{model}}”不能作为模型 ID。请照网关模型列表原样填写：1 到 {{max}} 个字符，开头和结尾不能有空格，也不能换行。',
    model_duplicate:
      '第 {{line}} 行：{{model}} 在第 {{firstLine}} 行已经有价格。请保留其中一行，删掉另一行。',
    model_entry_invalid:
      '第 {{line}} 行：{{model}} 的价格应写成一个对象，例如 {"unit": "image", "price": "0.04"}。',
    unit_missing: '第 {{line}} 行：{{model}} 没有计价单位。请填写以下之一：{{units}}。',
    unit_invalid: '第 {{line}} 行：“{{value}}”不是计价单位（{{model}}）。请填写以下之一：{{units}}。',
    unit_conflict:
      '第 {{line}} 行：{{model}} 在这里的计价单位是“{{unit}}”，在第 {{firstLine}} 行却是“{{firstUnit}}”。一个模型只能有一种计价单位：请让各行一致，或删掉其中一行。',
    unknown_field: '第 {{line}} 行：{{model}} 有一项“{{field}}”，价格里没有这一项。请删除它，或检查拼写。',
    field_not_for_unit:
      '第 {{line}} 行：{{model}} 的计价单位是“{{unit}}”，用不到 {{field}}。请删掉这个值，或改换计价单位。',
    amount_missing: '第 {{line}} 行：{{model}} 缺少 {{field}}。请填写金额，例如 0.04。',
    amount_not_text:
      '第 {{line}} 行：{{model}} 的 {{field}} 写成了数字 {{value}}。请给它加上引号，写成 "{{value}}"，这样金额才能精确保存。',
    amount_invalid:
      '第 {{line}} 行：“{{value}}”（{{model}} 的 {{field}}）不是金额。请只写数字，用小数点表示小数，不加货币符号或空格，例如 0.04 或 12.5。',
    amount_uses_comma:
      '第 {{line}} 行：“{{value}}”（{{model}} 的 {{field}}）里有逗号。请写成 {{suggestion}}：小数点用“.”，金额也不加千位分隔符。',
    amount_negative: '第 {{line}} 行：{{model}} 的 {{field}} 是负数（{{value}}）。价格必须大于或等于 0。',
    amount_too_large:
      '第 {{line}} 行：{{value}}（{{model}} 的 {{field}}）超过了价格上限 {{max}}。请检查是否多写了 0，或是否误把“分”当成了单位。',
    amount_too_precise:
      '第 {{line}} 行：{{value}}（{{model}} 的 {{field}}）的小数超过 {{places}} 位。请四舍五入到 {{places}} 位小数。',
    sizes_not_list:
      '第 {{line}} 行：{{model}} 的分尺寸价格应写成列表，例如 [{"size": "2K", "price": "0.06"}]。',
    size_invalid:
      '第 {{line}} 行：“{{value}}”不是尺寸（{{model}}）。请写像素尺寸（例如 1024x1024）或档位（例如 2K）。',
    size_duplicate: '第 {{line}} 行：{{model}} 的尺寸 {{size}} 出现了两次。请只保留一个价格，删掉另一个。',
    too_many_sizes:
      '第 {{line}} 行：{{model}} 有 {{count}} 个分尺寸价格，而一个模型最多 {{max}} 个。请只保留团队常用的尺寸：其他尺寸都按模型的基础价格计算。',
    image_base_missing:
      '第 {{line}} 行：{{model}} 只有部分尺寸的价格。请为它加一行并把尺寸留空，作为其他所有尺寸的价格。',
    csv_parse: '第 {{line}} 行无法读取（{{message}}）。请检查这一行的引号是否成对，再重新另存为 CSV。',
    csv_missing_column: '文件里没有“{{column}}”列。第一行应写出各列的名称：{{columns}}。',
    csv_unknown_column: '价格表没有“{{column}}”这一列。请把它改名为 {{columns}} 之一，或删掉这一列。',
    csv_duplicate_column: '“{{column}}”列出现了两次。请删掉其中一列。',
    value_invalid:
      '第 {{line}} 行：这里的 {{field}} 不符合价格表的格式。请对照从 Gateway Studio 导出的价格表检查。',
    more_problems: '还有 {{count}} 个问题没有列出。请先改正上面的问题，再重新导入文件，即可看到其余问题。'
  }
}
