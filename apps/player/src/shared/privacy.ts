/**
 * Strict privacy mode (docs/api.md "What the statistics store, and for how long"): the host page asked for it on the
 * element (`privacy="strict"`) or the browser sends Global Privacy Control. Then the player stores nothing on the
 * visitor's device and its events carry no visitor id.
 */
export const strictPrivacy = (attribute: string | null, nav: { globalPrivacyControl?: unknown } | undefined) =>
  attribute?.trim().toLowerCase() === 'strict' || nav?.globalPrivacyControl === true;
