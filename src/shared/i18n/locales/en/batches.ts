/**
 * English words of batches (src/shared/batches): one entry per issue code, written for the designer who
 * made the batch, saying what is wrong and what to change; see ../en.ts. `{{endpoint}}` is filled with the
 * endpoint's name (`images.endpoints.<key>.name`), `{{first}}` and `{{second}}` with `axes` words.
 */
export const batches = {
  issues: {
    no_prompts: 'There is nothing to make yet. Write at least one prompt, or load a file with prompts in it.',
    csv_no_prompt_column:
      'The file has no prompt column (its columns are: {{columns}}). Name one column “prompt”, or choose which column holds the prompts.',
    csv_parse:
      'Line {{line}}: the file cannot be read here ({{message}}). Check the quotes on this line, then save the file as CSV again.',
    csv_empty_prompt: 'Line {{line}}: this row has no prompt. Fill in its prompt cell, or delete the row.',
    unknown_list: 'Line {{line}}: the list __{{name}}__ does not exist. Add it under Lists, or fix the name.',
    empty_list: 'Line {{line}}: the list __{{name}}__ is empty. Add at least one line to it under Lists.',
    unclosed_brace:
      'Line {{line}}: the { at character {{column}} is never closed. Add a } after the choices, or write \\{ for a plain brace.',
    nested_brace:
      'Line {{line}}: there is a { inside another pair of braces at character {{column}}. Choices cannot be nested: close the first pair with } before opening another.',
    empty_alternatives:
      'Line {{line}}: the braces at character {{column}} hold no choices. Write choices like {red|blue}, or remove the braces.',
    list_unclosed_brace:
      'Line {{line}}: in the list __{{list}}__, line {{entry}} has a { that is never closed. Add a } there, or write \\{ for a plain brace.',
    list_nested_brace:
      'Line {{line}}: in the list __{{list}}__, line {{entry}} has a { inside another pair of braces. Close the first pair before opening another.',
    list_empty_alternatives:
      'Line {{line}}: in the list __{{list}}__, line {{entry}} has braces with no choices in them. Write choices like {red|blue}, or remove the braces.',
    rows_unequal:
      'Row by row needs the same number of each, but there are {{first}} and {{second}}. Make them the same length, or keep one value to use it on every row.',
    unknown_model:
      'Line {{line}}: the model “{{model}}” is not one of this batch’s models. Add it under Models, or fix the name in the file.',
    size_not_supported:
      'Line {{line}}: {{model}} ({{endpoint}}) has no size setting, so size {{size}} cannot be used. Remove the sizes, or use them with other models.',
    seed_not_supported:
      'Line {{line}}: {{model}} ({{endpoint}}) takes no seed, so seed {{seed}} cannot be used. Remove the seeds, or use them with other models.',
    field_not_supported:
      'Line {{line}}: {{model}} ({{endpoint}}) has no “{{field}}” setting. Leave that column unused, or match it to a setting this model has.',
    field_not_number:
      'Line {{line}}: “{{value}}” in the {{field}} column is not a number. Write a number such as 42, or leave the cell empty to keep the model’s setting.',
    field_not_boolean:
      'Line {{line}}: “{{value}}” in the {{field}} column should be true or false. Write one of them, or leave the cell empty to keep the model’s setting.',
    request_invalid:
      'Line {{line}}: this row does not make a request the gateway takes (its {{field}} is wrong). Check the values this row sets.',
    too_many_jobs:
      'This batch would make {{total}} jobs, and one batch makes at most {{max}}: only the first {{max}} are listed. Use fewer prompts, choices, models or seeds, or split the work into several batches.'
  },
  /** What `rows_unequal` compares, with how many there are. */
  axes: {
    prompts: '{{count}} prompts',
    models: '{{count}} models',
    seeds: '{{count}} seeds',
    sizes: '{{count}} sizes'
  },
  /** A pre-flight issue of one row: where it is, then the issue in its own words. */
  line: 'Line {{line}}: {{issue}}',
  /** The batch builder (a dialog on the Images screen): its axes, the preview and sending. */
  builder: {
    open: 'Batch…',
    title: 'Batch',
    intro: 'Many prompts, models and seeds in one go. Nothing is sent until you press Send.',
    prompts: 'Prompts',
    typed: 'Type them',
    file: 'From a file',
    promptsHint:
      'One prompt a line. {red|blue} makes one job with each choice; a style or preset of the form is not added.',
    pickFile: 'Choose a .txt or .csv file…',
    fileRead: '{{name}} · {{count}} lines',
    fileHint:
      'A .csv file needs a header row: a “prompt” column, and if you like “model”, “seed”, “size” or any other field of this endpoint.',
    fileTooLarge: '{{name}} is larger than 5 MB. Split it into smaller files.',
    fileUnreadable: '{{name}} could not be read as text. Save it as UTF-8 text or CSV, then choose it again.',
    models: 'Models',
    modelsHint: 'Every prompt goes to each model ticked. Only models on {{endpoint}} are listed.',
    seeds: 'Seeds',
    seedsNone: 'The gateway picks',
    seedsVariations: 'Variations',
    seedsList: 'These seeds',
    variationsLabel: 'How many of each',
    seedsListLabel: 'Seeds, separated by commas',
    badSeeds: 'Write seeds as whole numbers separated by commas, for example 1, 2, 42.',
    badVariations: 'Variations take a whole number from 1 to 10,000.',
    sizes: 'Sizes',
    sizesHint: 'Leave empty to keep the form’s size. Several, separated by commas, make one job per size.',
    sizesPlaceholder: 'For example 1024x1024, 1536x1024',
    combine: 'Combine',
    every: 'Every combination',
    rows: 'Row by row',
    name: 'Batch name',
    preview: 'Before anything is sent',
    jobs_one: '{{count}} job',
    jobs_other: '{{count}} jobs',
    images_one: '{{count}} image',
    images_other: '{{count}} images',
    byModel: '{{model}} ({{endpoint}}): {{count}}',
    invalid_one: '{{count}} row will not be sent:',
    invalid_other: '{{count}} rows will not be sent:',
    moreIssues: '… and {{count}} more',
    firstRows: 'The first rows as they will be sent',
    row: 'Row',
    prompt: 'Prompt',
    model: 'Model',
    seed: 'Seed',
    size: 'Size',
    gatewayPicks: 'Gateway',
    send_one: 'Send {{count}} job',
    send_other: 'Send {{count}} jobs',
    sending: 'Sending…',
    nothing: 'Nothing to send yet',
    sent: 'Sent {{count}} jobs as “{{name}}”. Follow them in the Queue.',
    cancel: 'Cancel'
  }
}
