import type { Catalog } from '../catalog'
import type { money as en } from '../en/money'

/**
 * 简体中文: money. A price table is 价格表, a unit 计价单位, a model's base price 基础价格; lines are 第 N 行, as an
 * editor counts them. JSON keys, CSV columns and units are the file's own words and stay as written.
 */
export const money: Catalog<typeof en> = {
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
