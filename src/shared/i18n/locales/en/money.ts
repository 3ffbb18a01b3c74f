/**
 * English words of money (src/shared/money): one entry per price file issue code, written for the designer
 * who keeps the team's price table, saying what is wrong and what to change; see ../en.ts. `{{field}}` is the
 * JSON key or CSV column as the file writes it, `{{unit}}` and `{{units}}` the units as the file writes
 * them (image, tokens, video, second), so they are not translated.
 */
export const money = {
  /** An estimate beside a button: "≈" when part of it is a guess (per token), plain when exact. */
  estimate: {
    exact: '{{amount}}',
    about: '≈ {{amount}}',
    label: 'Estimated cost',
    batchTotal: 'Estimated cost: {{amount}}',
    batchAbout: 'Estimated cost: about {{amount}}',
    batchUnpriced_one: '{{count}} job has no price and is not counted.',
    batchUnpriced_other: '{{count}} jobs have no price and are not counted.',
    batchNoPrices: 'This gateway has no prices yet: set them in Settings to see what a batch costs.',
    capLabel: 'Stop this batch at ({{currency}})',
    capLabelPlain: 'Stop this batch at',
    capHint:
      'Optional. Jobs that would take the batch past this amount wait in the queue until you raise it.',
    capNoPrices: 'Set this gateway’s prices in Settings to stop a batch at an amount.',
    capInvalid: 'Write an amount such as 5 or 12.50, with a dot for decimals and no currency sign.',
    capPasses: 'The estimate passes the cap: {{fit}} of {{count}} jobs fit.'
  },
  /** Settings › a gateway › Prices. */
  prices: {
    title: 'Prices',
    intro:
      'What each model costs on this gateway. The gateway does not say, so these are your team’s prices: estimates beside Generate and spending caps count with them.',
    currency: 'Currency',
    currencyHint: 'Three capital letters, such as USD, EUR or CNY.',
    table: 'Prices per model',
    model: 'Model',
    unit: 'Unit',
    price: 'Price',
    unitFor: 'Unit for {{model}}',
    priceFor: 'Price for {{model}}',
    inputFor: 'Per million tokens in for {{model}}',
    outputFor: 'Per million tokens out for {{model}}',
    units: {
      none: 'No price',
      image: 'Per image',
      tokens: 'Per million tokens',
      video: 'Per video',
      second: 'Per second'
    },
    tokensIn: 'In',
    tokensOut: 'Out',
    noModels: 'This gateway lists no models yet. Test the connection to read its models.',
    save: 'Save prices',
    saved: 'Prices saved.',
    remove: 'Remove all prices',
    removed: 'Prices removed.',
    import: 'Import file…',
    imported_one: 'Prices imported: {{count}} model.',
    imported_other: 'Prices imported: {{count}} models.',
    importProblems: 'The file was not imported. Fix these problems, then import it again:',
    export: 'Export',
    formats: { json: 'JSON', csv: 'CSV (for a spreadsheet)' },
    exportFormat: 'Export format',
    download: 'Download {{name}}',
    invalidCurrency: 'The currency must be three capital letters, such as USD.',
    invalidAmount: 'The price of {{model}}: {{problem}}',
    amountProblems: {
      amount_missing: 'write an amount such as 0.04.',
      amount_invalid: 'write digits with a dot for decimals, without a currency sign or spaces.',
      amount_uses_comma: 'use a dot for decimals, and no thousands separators.',
      amount_negative: 'prices are 0 or more.',
      amount_too_large: 'this is more than the largest price.',
      amount_too_precise: 'round it to 6 decimals.'
    },
    /** A per-image price's size tiers, below its price. */
    sizes: {
      toggle: 'Prices by size ({{n}})',
      hint: 'The price above is for any size not listed here. Write sizes as the gateway takes them, such as 1024x1024 or 2K.',
      sizeFor: 'Size {{number}} for {{model}}',
      numbered: 'size {{number}}',
      priceAt: 'Price for {{model}} at {{size}}',
      removeFor: 'Remove the price for {{model}} at {{size}}',
      add: 'Add a size price',
      sizeProblem: 'Size: {{problem}}',
      priceProblem: 'Price: {{problem}}',
      invalid: 'The price of {{model}} at {{size}}: {{problem}}',
      problems: {
        size_invalid: 'write a size such as 1024x1024 or 2K.',
        size_duplicate: 'this size is listed twice. Keep one price and remove the other.'
      }
    }
  },
  /** Settings › a gateway › Spending caps. */
  caps: {
    title: 'Spending caps',
    intro:
      'Jobs that would take this gateway’s spending past a cap wait in the queue until the cap is raised or removed, or the day or month turns. With a cap, a job of a model with no price waits too.',
    noTable: 'Set this gateway’s prices first: caps count in the prices’ currency.',
    day: 'Each day ({{currency}})',
    month: 'Each month ({{currency}})',
    none: 'No cap',
    save: 'Save caps',
    saved: 'Caps saved.',
    invalid: 'Write an amount such as 20 or 12.50, or leave the field empty for no cap.',
    spentToday: 'Spent today: {{amount}}',
    spentThisMonth: 'Spent this month: {{amount}}',
    reservedToday: 'Reserved today for jobs not finished: {{amount}}',
    reservedThisMonth: 'Reserved this month for jobs not finished: {{amount}}'
  },
  issues: {
    file_empty:
      'The file is empty. Choose a price table exported from Gateway Studio, or a CSV file with a header row and one row per model.',
    file_too_large:
      'The file is larger than {{maxMegabytes}} MB, far more than any price table. Check that you chose the right file.',
    file_unreadable:
      'The file could not be read ({{message}}). Export the price table again, then import the new file.',
    json_syntax:
      'The file is not valid JSON. Look for a missing comma, quote or bracket (a code editor shows where), or export the price table again.',
    json_too_complex:
      'The file is nested deeper, or holds more values, than any price table. Check that you chose the right file.',
    not_a_price_table:
      'This JSON file is not a price table. A price table has "version": 1, a "currency" such as "USD", and "models" with a price for each model id.',
    version_unsupported:
      'The file’s version is “{{version}}”, but it must be 1. Write "version": 1 at the top of the file.',
    currency_invalid:
      '“{{value}}” is not a currency code. Use the three capital letters of the currency, such as USD, EUR or CNY.',
    table_unknown_field:
      'Line {{line}}: a price table has no “{{field}}”. Remove it: the file holds only "version", "currency" and "models".',
    too_many_models:
      'The file prices {{count}} models, and a price table holds at most {{max}}. Remove the models your team does not use.',
    model_missing:
      'Line {{line}}: this row has no model. Fill in the model id as the gateway lists it, or delete the row.',
    model_id_invalid:
      'Line {{line}}: “{{model}}” cannot be a model id. Write the id exactly as the gateway’s model list shows it: 1 to {{max}} characters, with no spaces at either end and no line breaks.',
    model_duplicate:
      'Line {{line}}: {{model}} already has a price on line {{firstLine}}. Keep one of the two rows and delete the other.',
    model_entry_invalid:
      'Line {{line}}: the price of {{model}} must be written as an object, such as {"unit": "image", "price": "0.04"}.',
    unit_missing: 'Line {{line}}: {{model}} has no unit. Write one of: {{units}}.',
    unit_invalid: 'Line {{line}}: “{{value}}” is not a unit ({{model}}). Write one of: {{units}}.',
    unit_conflict:
      'Line {{line}}: {{model}} has the unit “{{unit}}” here but “{{firstUnit}}” on line {{firstLine}}. A model has one unit: make the rows agree, or delete one of them.',
    unknown_field:
      'Line {{line}}: {{model}} has “{{field}}”, which no price has. Remove it, or check its spelling.',
    field_not_for_unit:
      'Line {{line}}: {{model}} has the unit “{{unit}}”, which does not use {{field}}. Remove that value, or change the unit.',
    amount_missing: 'Line {{line}}: {{model}} has no {{field}}. Write an amount such as 0.04.',
    amount_not_text:
      'Line {{line}}: the {{field}} of {{model}} is written as the number {{value}}. Put it in quotes, "{{value}}", so the amount is kept exactly.',
    amount_invalid:
      'Line {{line}}: “{{value}}” ({{field}} of {{model}}) is not an amount. Write digits with a dot for decimals, without a currency sign or spaces, such as 0.04 or 12.5.',
    amount_uses_comma:
      'Line {{line}}: “{{value}}” ({{field}} of {{model}}) has a comma. Write {{suggestion}}: the decimal mark is a dot, and amounts have no thousands separators.',
    amount_negative:
      'Line {{line}}: the {{field}} of {{model}} is below zero ({{value}}). Prices are 0 or more.',
    amount_too_large:
      'Line {{line}}: {{value}} ({{field}} of {{model}}) is more than the largest price, {{max}}. Check for extra zeros, or a price written in cents.',
    amount_too_precise:
      'Line {{line}}: {{value}} ({{field}} of {{model}}) has more than {{places}} decimals. Round it to {{places}} decimals.',
    sizes_not_list:
      'Line {{line}}: the prices by size of {{model}} must be a list, such as [{"size": "2K", "price": "0.06"}].',
    size_invalid:
      'Line {{line}}: “{{value}}” is not a size ({{model}}). Write a pixel size such as 1024x1024, or a tier such as 2K.',
    size_duplicate:
      'Line {{line}}: {{model}} has the size {{size}} twice. Keep one price for it and delete the other.',
    too_many_sizes:
      'Line {{line}}: {{model}} has {{count}} prices by size, and a model has at most {{max}}. Keep the sizes your team uses: the model’s main price covers every other size.',
    image_base_missing:
      'Line {{line}}: {{model}} has prices for some sizes only. Add a row for it with the size left empty: the price of every other size.',
    csv_parse:
      'Line {{line}}: this row cannot be read ({{message}}). Check the quotes on this line, then save the file as CSV again.',
    csv_missing_column: 'The file has no “{{column}}” column. The first row names the columns: {{columns}}.',
    csv_unknown_column:
      'The column “{{column}}” is not one a price table has. Rename it to one of {{columns}}, or delete it.',
    csv_duplicate_column: 'The column “{{column}}” appears twice. Delete one of them.',
    value_invalid:
      'Line {{line}}: the {{field}} here is not what a price table has. Compare it with a price table exported from Gateway Studio.',
    more_problems:
      'Problems not listed here: {{count}}. Fix the ones above, then import the file again to see the rest.'
  }
}
