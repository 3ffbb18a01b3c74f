import { sentences } from '../../../sentences'

/**
 * English words of failures; see ../en.ts. A gateway failure reaches the renderer as a view
 * (src/shared/gateway/errors.ts): its `kind` picks a title and message here, its `action` a hint. A pre-flight
 * issue (src/shared/gateway/checks.ts) is said from its `rule` and values; the English here repeats the
 * shared code's words exactly (a test holds them to it). The gateway's own text is never in this file.
 */
export const errors = {
  fallbackTitle: 'That did not work',
  gatewaySaid: 'The gateway said:',
  gatewaySent: 'What the gateway sent',
  kinds: {
    auth: {
      title: 'The gateway rejected this key',
      message:
        'It may be wrong, revoked or disabled. Check it in Settings › Gateways; if it is right, ask the gateway owner whether it was revoked or disabled.'
    },
    balance: {
      title: 'Not enough balance',
      message: 'The account behind this key has run out of balance or quota. Top it up, then try again.'
    },
    permission: {
      title: 'No access to this model',
      message:
        'This key may not use this model, or the model needs a higher tier. Ask the gateway owner for access.'
    },
    unavailable: {
      title: 'Model unavailable right now',
      message:
        'The gateway cannot serve this model on this endpoint at the moment. Nothing was charged. Try again later, or pick another model.'
    },
    mismatch: {
      title: 'This model cannot do that',
      message: 'The model does not support this kind of request. Pick a model that does.'
    },
    invalid: {
      title: 'The request needs a fix',
      message: 'The gateway refused the request as sent. Check the highlighted settings.'
    },
    rate_limited: {
      title: 'Too many requests',
      message: 'The gateway asked us to slow down. Wait a moment and try again.'
    },
    in_progress: {
      title: 'Still being processed',
      message:
        'The gateway is still working on this same request, sent earlier with the same request key. Wait for it to finish and check the results before sending it again.'
    },
    server_error: {
      title: 'The gateway had a problem',
      message: 'The gateway answered with a server error. Try again in a little while.'
    },
    network: {
      title: 'Cannot reach the gateway',
      message: 'The connection failed. Check the network and the gateway address, then try again.'
    },
    timeout: {
      title: 'The gateway took too long',
      message: 'No answer came in time. Try again later.'
    },
    outcome_unknown: {
      title: 'Not sure whether this ran',
      message:
        'The connection broke after the request was sent, so the gateway may have run (and billed) it. Check the results before sending again: sending again may charge twice.'
    },
    stream_incomplete: {
      title: 'The result stopped early',
      message:
        'The stream ended before the gateway said it was done. What arrived is kept. Sending again may charge twice.'
    },
    cancelled: { title: 'Cancelled', message: 'The request was cancelled.' },
    unknown: {
      title: 'The gateway reported a problem',
      message: 'The gateway returned an error we do not recognise; its message is shown below.'
    }
  },
  /** Which part of the trip broke, when it is not known whether the gateway ran the request. */
  outcome: {
    http: 'The gateway answered with a server error (HTTP {{status}}) after it received the request, so it may have run (and billed) it. Check the results before sending again: sending again may charge twice.',
    timeout:
      'No answer came in time after the request was sent, so it may have run (and billed) it. Check the results before sending again: sending again may charge twice.',
    invalid_response:
      'The gateway accepted the request but its answer could not be read, so it may have run (and billed) it. Check the results before sending again: sending again may charge twice.',
    connection:
      'The connection broke after the request was sent, so it may have run (and billed) it. Check the results before sending again: sending again may charge twice.'
  },
  actions: {
    re_enter_key:
      'Check this gateway’s key in Settings › Gateways, or ask the gateway owner whether it was revoked or disabled.',
    check_balance: 'Top up the balance or quota of this key, then try again.',
    check_permission: 'Ask your gateway admin for access to this model or tier, or pick another model.',
    retry_later: 'Try again in a little while.',
    pick_model: 'Pick a model that supports this.',
    fix_input: 'Correct the highlighted value and try again.',
    confirm_resend: 'It may already have run and been charged. Check before sending again.'
  },
  support: {
    supports: 'This model supports: {{endpoints}}',
    notListed: '{{model}} is not listed by {{gateway}}.',
    gatewayInUse: 'the gateway in use'
  },
  /** Failures the app words itself, by their code (a job's error, a command that did not reach the backend). */
  codes: {
    cancelled_in_flight: {
      title: 'Cancelled on its way',
      message: 'Cancelled while its request was on its way to the gateway: the gateway may have received it.'
    },
    outcome_unknown: {
      title: 'Not sure whether this ran',
      message:
        'Gateway Studio stopped while this request was being sent. The gateway may have run it and charged for it. Check your gateway usage before sending it again.'
    },
    deadline: {
      title: 'The gateway took too long',
      message: 'The gateway did not finish this task in time; Gateway Studio stopped waiting for it.'
    },
    no_result: {
      title: 'No result came back',
      message:
        'The gateway reported success but sent no result address. Check the field names of this gateway.'
    },
    stream_incomplete: {
      title: 'The result stopped early',
      message:
        'Gateway Studio stopped while images were arriving. The images that arrived are kept; the rest are lost.'
    },
    /** A task the gateway ended without saying why (the message the backend writes then, by status). */
    taskEnded: {
      title: 'The gateway ended this task',
      failed: 'The gateway reports this task as failed.',
      expired: 'The gateway reports this task as expired.',
      cancelled: 'The gateway reports this task as cancelled.'
    },
    /**
     * A result's file the library could not keep, by its verdict (`download_<kind>`). The expired message
     * repeats the backend's sentence exactly; any other text under these codes is the library's technical
     * detail (address, HTTP status, system code), shown as it was written.
     */
    download: {
      expired: {
        title: 'The file was lost',
        message:
          'The result could not be downloaded before its address expired. It is lost on the gateway side.'
      },
      rejected: {
        title: 'The file was not kept',
        message:
          'The file at the result’s address was refused: it is not an image or video the app keeps, it is too large, or its address is not allowed.'
      },
      transient: {
        title: 'The file has not arrived yet',
        message:
          'The result could not be downloaded yet; Gateway Studio tries again until its address expires.'
      },
      storage: {
        title: 'Waiting for disk space',
        message:
          'The file could not be saved yet: the disk holding the library is full or read-only. It is saved by itself once the disk can take it.'
      },
      detail: '{{message}} ({{detail}})'
    }
  },
  /**
   * Sentences the backend writes itself. A failure names one by its code (`words.code`, src/shared/sentences.ts,
   * whose English is this English); a job's stored error (a result the gateway left empty) and rows stored
   * before codes carry only the English and are matched by it exactly, which a test holds to the backend's
   * source. Anything else the backend wrote is shown as it came.
   */
  backend: {
    ...sentences,
    requestUnreadable: 'The stored request could not be read.',
    emptyImage: 'The gateway sent an image entry without data.',
    imageNotGenerated: 'This image could not be generated.',
    imageFailed: 'This image failed.'
  },
  /** A stored failure on one line (a notice, a result's slot): our words, then the gateway's as they came. */
  line: {
    said: '{{reason}} The gateway said: “{{said}}”',
    title: '{{title}}.'
  },
  /** Pre-flight issues: the rule first, then the field in brackets with the value it holds. */
  preflight: {
    sentence: '{{rule}} {{about}}.',
    about: '({{field}})',
    aboutValue: '({{field}}: {{value}})',
    shown: { empty: 'empty', nothing: 'nothing', list: 'a list', object: 'an object' },
    /** A profile's extra JSON field broke the rule: where to change it. */
    profileSet:
      "{{issue}}, set by this gateway's extra JSON fields as `{{wire}}`: change or remove it in {{where}}.",
    profileNotAccepted:
      "This endpoint takes no `{{wire}}`: remove it from this gateway's extra JSON fields in {{where}}.",
    where: 'Settings › Gateways › {{name}} › Extra JSON fields',
    whereUnnamed: 'Settings › Gateways › Extra JSON fields',
    rules: {
      required: 'Required: it cannot be empty',
      required_whole_number_at_least: 'Required: a whole number of at least {{min}}',
      required_seconds_at_least: 'Required: a whole number of seconds, at least {{min}}',
      required_input: 'Required: a text, a list or a conversation',
      pick_one: 'Pick {{choices}}',
      whole_number: 'Use a whole number',
      whole_number_at_least: 'Use a whole number of at least {{min}}',
      whole_number_between: 'Use a whole number from {{min}} to {{max}}',
      true_or_false: 'Use true or false',
      text_or_list: 'Use a text or a list',
      image_list: 'Use a list of images',
      at_least_images_one: 'Add at least {{count}} image',
      at_least_images_other: 'Add at least {{count}} images',
      at_most_images_one: 'Use at most {{count}} image',
      at_most_images_other: 'Use at most {{count}} images',
      at_most_masks_one: 'Use at most {{count}} mask',
      at_most_masks_other: 'Use at most {{count}} masks',
      exact_count_one: 'Exactly {{count}} image per request',
      exact_count_other: 'Exactly {{count}} images per request',
      image_http_url: 'Use an http(s) URL',
      image_url_or_base64: 'Use a URL or a Base64 data URI',
      image_url_or_data_uri: 'Use a URL or an image data URI',
      no_count_one_task_per_image: 'Send one task per image: this endpoint takes no count',
      no_count_use_group:
        'Ask for a group with sequential_image_generation "auto" and max_images: this endpoint takes no count',
      model_not_on_endpoint: 'Pick a model offered on {{endpoint}}: "{{model}}" is only on {{endpoints}}',
      model_lists_no_endpoints: 'Pick a model offered on {{endpoint}}: "{{model}}" lists no endpoints',
      messages_required: 'Add at least one message',
      message_role: 'Give every message a role',
      message_content: 'Give every message some content',
      ratio: 'Use a ratio such as 1:1 or 16:9',
      transparent_needs_format: 'A transparent background needs {{formats}}',
      compression_needs_format: 'Compression only applies to {{formats}}',
      group_options_object: 'Use an object such as {"max_images": 3}',
      model_does_not_stream: 'This model does not stream: turn off showing images as they arrive',
      tier_or_size: 'Use a tier ({{tiers}}) or <width>x<height>',
      text_to_image_only:
        '{{size}} is only for text-to-image: remove the reference images, or pick {{choices}}',
      pixels_between: 'Use between {{min}} and {{max}} pixels in total',
      aspect_between: 'Keep the aspect ratio between 1:{{max}} and {{max}}:1',
      size_wxh: 'Use <width>x<height>, e.g. 1280x720'
    }
  }
}
